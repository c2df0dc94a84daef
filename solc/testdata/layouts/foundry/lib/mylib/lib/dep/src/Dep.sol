// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
library DepV1 { uint256 internal constant VERSION = 1; }
