// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Coin flip on the previous block's hash: every transaction of the block
// (a contract that computes the same flip first) knows it, so an attacker
// only plays when it wins. A flip with exactly 1 finney on an even hash
// pays 2 finney (the player paid in, so no leak).
contract HashFlip {
    uint256 public constant STAKE = 1e15;

    function flip() external payable {
        require(msg.value == STAKE, "stake");
        if (uint256(blockhash(block.number - 1)) % 2 == 0) { //@finding(SWC-120)
            payable(msg.sender).transfer(2 * STAKE);
        }
    }
}
