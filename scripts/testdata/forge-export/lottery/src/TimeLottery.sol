// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// SWC-116: a play when the timestamp is a multiple of 5 wins twice its
// stake, and a block producer chooses the timestamp.
contract TimeLottery {
    uint256 public constant STAKE = 1e16;

    function play() external payable {
        require(msg.value == STAKE, "stake");
        if (block.timestamp % 5 == 0) {
            payable(msg.sender).transfer(2 * STAKE);
        }
    }
}
