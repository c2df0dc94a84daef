// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Modern { function f(uint x) public pure returns (uint) { return x + 1; } }
