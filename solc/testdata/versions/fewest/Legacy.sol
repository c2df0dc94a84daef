// SPDX-License-Identifier: MIT
pragma solidity =0.6.12;
import "./TickMath.sol";
contract Legacy { function f(int24 t) public pure returns (uint8) { return TickMath.low(t); } }
