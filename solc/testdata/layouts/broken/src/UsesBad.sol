// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Bad} from "./Bad.sol";
contract UsesBad { Bad b; }
