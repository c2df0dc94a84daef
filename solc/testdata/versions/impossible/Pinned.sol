// SPDX-License-Identifier: MIT
pragma solidity =0.6.12;
import "./New.sol";
contract Pinned is New {}
