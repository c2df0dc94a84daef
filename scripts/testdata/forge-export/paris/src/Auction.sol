// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Time and block dependent: a bid in a later block after the deadline
// breaks the assertion.
contract Auction {
    uint256 public deadline;
    uint256 public highest;
    uint256 public startBlock;

    constructor() {
        deadline = block.timestamp + 1 days;
        startBlock = block.number;
    }

    function bid(uint256 amount) external {
        require(amount > highest);
        highest = amount;
        if (block.timestamp > deadline && block.number > startBlock + 2) {
            assert(highest < 1000);
        }
    }
}
