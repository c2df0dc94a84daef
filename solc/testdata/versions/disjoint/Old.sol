// SPDX-License-Identifier: MIT
pragma solidity ^0.5.0;
contract Old { function f(uint x) public pure returns (uint) { return x + 1; } }
