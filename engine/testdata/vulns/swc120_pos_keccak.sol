// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Dice on a hash of block.number: keccak256 over the block number and the
// player only looks random; a miner, or a contract that computes the same
// hash in the same block, knows the outcome. A roll with exactly 1 finney
// whose hash is even pays 2 finney (the player paid in, so no leak).
contract HashDice {
    uint256 public constant STAKE = 1e15;

    function roll() external payable {
        require(msg.value == STAKE, "stake");
        uint256 r = uint256(keccak256(abi.encodePacked(block.number, msg.sender))) % 2;
        if (r == 0) { //@finding(SWC-120)
            payable(msg.sender).transfer(2 * STAKE);
        }
    }
}
