// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// swc104_pos_auction_send.sol for externally owned bidders only: no
// attacker contract can bid, so no refund fails by itself. The finding
// needs SWC-104's re-run: the outbid account's refund runs again with its
// code replaced by the reverting attacker's, the send fails, and withdraw()
// completes with the pending return already cleared.
contract EoaAuction {
    address public highestBidder;
    uint256 public highestBid;
    mapping(address => uint256) public pendingReturns;

    function bid() external payable {
        require(msg.sender == tx.origin, "no contracts");
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
