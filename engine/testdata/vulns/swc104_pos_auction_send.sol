// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Auction refunds with an unchecked send(). The reverting attacker bids,
// is outbid by a higher bid, then calls withdraw(): the send fails, the
// pending return is already cleared and the transaction succeeds.
contract Auction {
    address public highestBidder;
    uint256 public highestBid;
    mapping(address => uint256) public pendingReturns;

    function bid() external payable {
        require(msg.value > highestBid, "bid too low");
        if (highestBid != 0) {
            pendingReturns[highestBidder] += highestBid;
        }
        highestBidder = msg.sender;
        highestBid = msg.value;
    }

    function withdraw() external {
        uint256 amount = pendingReturns[msg.sender];
        require(amount > 0, "nothing pending");
        pendingReturns[msg.sender] = 0;
        payable(msg.sender).send(amount); //@finding(SWC-104)
    }
}
