// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import "./Lib.sol";
contract Vault { function f(uint x) public pure returns (uint) { return Lib.twice(x); } }
