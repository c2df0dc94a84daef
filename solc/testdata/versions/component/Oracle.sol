// SPDX-License-Identifier: MIT
pragma solidity >=0.5.0;
import "./TickMath.sol";
contract Oracle { function at(int24 t) public pure returns (uint8) { return TickMath.low(t) + uint8(t); } }
