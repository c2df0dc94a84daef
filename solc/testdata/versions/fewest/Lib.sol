// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0;
library Lib { function twice(uint x) internal pure returns (uint) { return 2 * x; } }
