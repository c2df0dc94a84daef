// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The product of two arguments is stored unchecked (solc 0.4): any sender
// calls placeOrder(qty, unitPrice) with qty * unitPrice >= 2**256 (e.g.
// both 2**128) and a tiny cost is recorded for a huge order.
contract OrderBook {
    mapping(address => uint256) public quantity;
    mapping(address => uint256) public cost;

    function placeOrder(uint256 qty, uint256 unitPrice) public {
        quantity[msg.sender] = qty;
        cost[msg.sender] = qty * unitPrice; //@finding(SWC-101)
    }
}
