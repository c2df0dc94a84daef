// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
library Helper { function two() internal pure returns (uint256) { return 2; } }
