// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
abstract contract Named { string public name = "vault"; }
