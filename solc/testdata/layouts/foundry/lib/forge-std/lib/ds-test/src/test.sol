// SPDX-License-Identifier: MIT
pragma solidity >=0.5.0;
contract DSTest {}
