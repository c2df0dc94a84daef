// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Nothing: the harness is its own target.
contract Empty {}
