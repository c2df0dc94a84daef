// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
abstract contract Ownable { address public owner = msg.sender; }
