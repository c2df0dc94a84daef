// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Good { function f(uint256 a) external pure returns (uint256) { return a + 1; } }
