// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./B.sol";
import "contracts/C.sol";

contract A {}
