// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc116_neg_refund_excess.sol: on an even timestamp
// the "refund" is half as much again as the stake, more than the sender
// paid in, so a block producer picking the time wins other people's
// ether.
contract BonusRefund {
    function play() external payable {
        require(msg.value >= 0.01 ether && msg.value <= 1 ether, "stake");
        if (block.timestamp % 2 == 0) { //@finding(SWC-116)
            payable(msg.sender).transfer(msg.value + msg.value / 2);
        }
    }
}
