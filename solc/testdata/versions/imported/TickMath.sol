// SPDX-License-Identifier: MIT
pragma solidity >=0.5.0;
library TickMath { function low(int24 t) internal pure returns (uint8) { return uint8(t); } }
