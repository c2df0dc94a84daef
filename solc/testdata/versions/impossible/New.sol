// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract New { function g() public pure returns (uint) { return 1; } }
