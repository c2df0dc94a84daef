// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Guess the block's prevrandao modulo 4: the value is fixed for the whole
// block, so a contract reads it and guesses right every time. A right
// guess with exactly 1 finney pays 3 finney (the player paid in, so no
// leak).
contract RandaoGuess {
    uint256 public constant STAKE = 1e15;

    function guess(uint256 g) external payable {
        require(msg.value == STAKE, "stake");
        require(block.prevrandao % 4 == g, "wrong"); //@finding(SWC-120)
        payable(msg.sender).transfer(3 * STAKE);
    }
}
