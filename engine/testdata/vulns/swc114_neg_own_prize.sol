// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of swc114_pos_quiz.sol: every right answer wins its own
// prize, once per address, so the order of two answers changes nothing:
// each sender is paid the same whoever goes first.
contract OpenQuiz {
    uint256 public constant STAKE = 1e15;
    mapping(address => bool) public won;

    function answer(uint256 a) external payable {
        require(msg.value == STAKE, "stake");
        require(!won[msg.sender], "already won");
        if (a == 42) {
            won[msg.sender] = true;
            payable(msg.sender).transfer(2 * STAKE);
        }
    }
}
