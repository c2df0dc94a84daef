// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Helper} from "./Helper.sol";
contract Bad { function h() external pure returns (uint256) { return "not a number"; } }
