// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Lottery decided by block.timestamp: whoever plays when the timestamp is a
// multiple of 15 takes the pot (a block producer can choose that). Any
// sender calls play() with at least 0.01 ether at a suitable time.
contract TimeLottery {
    event Won(address indexed winner, uint256 prize);

    function play() external payable {
        require(msg.value >= 0.01 ether, "stake too small");
        if (block.timestamp % 15 == 0) { //@finding(SWC-116)
            uint256 prize = address(this).balance;
            emit Won(msg.sender, prize);
            payable(msg.sender).transfer(prize);
        }
    }
}
