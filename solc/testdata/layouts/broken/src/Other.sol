// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Helper} from "./Helper.sol";
contract Other { function g() external pure returns (uint256) { return Helper.two(); } }
