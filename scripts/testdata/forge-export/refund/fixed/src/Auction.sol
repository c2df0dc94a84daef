// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Fixed: a refund that fails is recorded for its bidder to withdraw, and
// the loop goes on, so a bidder that rejects ether no longer blocks the
// others' refunds.
contract Auction {
    address[] private bidders;
    mapping(address => uint256) public deposits;
    mapping(address => uint256) public owed;

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
            if (!ok) {
                owed[list[i]] += amount;
            }
        }
    }

    function withdraw() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "withdrawal failed");
    }
}
