// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
library Price { uint256 internal constant UNIT = 3; }
