// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// SWC-114: the first right answer wins 1 ether. An answer is public while
// its transaction is pending, so whoever copies it with a faster
// transaction takes the prize. Each answer stakes 1 finney.
contract Quiz {
    uint256 public constant STAKE = 1e15;
    bool public solved;

    function answer(uint256 a) external payable {
        require(msg.value == STAKE, "stake");
        require(!solved, "solved");
        if (a == 42) {
            solved = true;
            payable(msg.sender).transfer(1 ether);
        }
    }
}
