// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A quiz whose first right answer wins 1 ether. An answer is public while
// its transaction is pending, so anyone who copies it with a faster
// transaction takes the prize (front-running). Each answer costs a 1
// finney stake (so the winner paid in: no ether leak); answers after the
// quiz is solved revert.
contract Quiz {
    uint256 public constant STAKE = 1e15;
    bool public solved;

    function answer(uint256 a) external payable {
        require(msg.value == STAKE, "stake");
        require(!solved, "solved");
        if (a == 42) {
            solved = true;
            payable(msg.sender).transfer(1 ether); //@finding(SWC-114)
        }
    }
}
