// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// SWC-120: a coin flip on the previous block's hash, which every
// transaction of the block knows: a contract plays only when it wins. A
// flip with 1 finney on an even hash pays 2 finney.
contract HashFlip {
    uint256 public constant STAKE = 1e15;

    function flip() external payable {
        require(msg.value == STAKE, "stake");
        if (uint256(blockhash(block.number - 1)) % 2 == 0) {
            payable(msg.sender).transfer(2 * STAKE);
        }
    }
}
