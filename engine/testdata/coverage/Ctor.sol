// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Ctor's constructor runs its first branch and never its second: the
// coverage marks lines 11 to 13 covered and line 15 missed.
contract Ctor {
    address public owner;
    uint256 public x;

    constructor() {
        owner = msg.sender;
        if (block.timestamp > 1) {
            x = 1;
        } else {
            x = 2;
        }
    }

    function set(uint256 v) external {
        x = v;
    }
}
