// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// SWC-120: guess the block's prevrandao modulo 4. It is fixed for the
// whole block, so a contract reads it and guesses right every time. A
// right guess with 1 finney pays 3 finney.
contract RandaoGuess {
    uint256 public constant STAKE = 1e15;

    function guess(uint256 g) external payable {
        require(msg.value == STAKE, "stake");
        require(block.prevrandao % 4 == g, "wrong");
        payable(msg.sender).transfer(3 * STAKE);
    }
}
