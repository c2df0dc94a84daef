// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Bidders deposit; refundAll() pays every bidder back in one loop and
// reverts when one payment fails, so one bidder whose contract rejects
// ether blocks every other's refund for good (SWC-113).
contract Auction {
    address[] private bidders;
    mapping(address => uint256) public deposits;

    function bid() external payable {
        require(msg.value > 0, "no value");
        if (deposits[msg.sender] == 0) {
            bidders.push(msg.sender);
        }
        deposits[msg.sender] += msg.value;
    }

    function refundAll() external {
        address[] memory list = bidders;
        delete bidders;
        for (uint256 i = 0; i < list.length; i++) {
            uint256 amount = deposits[list[i]];
            deposits[list[i]] = 0;
            (bool ok, ) = payable(list[i]).call{value: amount}("");
            require(ok, "refund failed");
        }
    }
}
