// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
library DepV2 { uint256 internal constant VERSION = 2; }
