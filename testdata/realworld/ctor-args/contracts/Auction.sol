// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An English auction whose constructor only accepts sane parameters: a
// seller, a reserve price between 1 and 1,000 ether and a duration between
// an hour and 30 days. Random constructor arguments almost never pass, so
// the fuzzer has to solve them. scripts/check-realworld plants a bug in
// bid (the assert below becomes reachable).
contract Auction {
    address public immutable seller;
    uint256 public immutable reserve;
    uint256 public immutable endsAt;
    address public highestBidder;
    uint256 public highestBid;
    mapping(address => uint256) public refunds;

    constructor(address seller_, uint256 reserve_, uint64 duration) {
        require(seller_ != address(0), "seller");
        require(reserve_ >= 1 ether && reserve_ <= 1000 ether, "reserve");
        require(duration >= 1 hours && duration <= 30 days, "duration");
        seller = seller_;
        reserve = reserve_;
        endsAt = block.timestamp + duration;
    }

    function bid() external payable {
        require(block.timestamp < endsAt, "ended");
        uint256 floor = highestBid < reserve ? reserve : highestBid + highestBid / 20;
        require(msg.value >= floor, "too low");
        refunds[highestBidder] += highestBid;
        highestBidder = msg.sender;
        highestBid = msg.value;
        assert(highestBid >= reserve);
    }

    function refund() external {
        uint256 amount = refunds[msg.sender];
        refunds[msg.sender] = 0;
        (bool ok,) = msg.sender.call{value: amount}("");
        require(ok, "refund failed");
    }
}
