// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An auction that refunds the outbid bidder: whether a bid lands first or
// second decides who holds the highest bid, but nobody ends up with more
// ether than it had (a refund is one's own money back), so the order of
// two bids pays nobody.
contract RefundingAuction {
    address public leader;
    uint256 public highest;

    function bid() external payable {
        require(msg.value > highest, "too low");
        address previous = leader;
        uint256 refund = highest;
        leader = msg.sender;
        highest = msg.value;
        if (previous != address(0)) {
            (bool ok, ) = payable(previous).call{value: refund}("");
            require(ok, "refund failed");
        }
    }
}
