// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0;
import "./Lib.sol";
import "./Legacy.sol";
contract Router { function f(uint x) public pure returns (uint) { return Lib.twice(x); } }
