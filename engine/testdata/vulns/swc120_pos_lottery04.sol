// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Lottery on block.number (solc 0.4): a play with at least 0.1 ether in a
// block whose number ends in 0 wins the whole balance.
contract BlockLottery {
    address public lastWinner;

    function play() public payable {
        require(msg.value >= 0.1 ether);
        if (block.number % 10 == 0) { //@finding(SWC-120)
            lastWinner = msg.sender;
            msg.sender.transfer(address(this).balance);
        }
    }
}
