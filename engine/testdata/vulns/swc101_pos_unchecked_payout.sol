// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An order's cost is computed inside unchecked { } and passed to the
// ledger as the amount owed: qty * unitPrice >= 2**256 books a huge order
// for a tiny cost. The wrapped value leaves in the call's input.
contract Ledger {
    mapping(address => uint256) public owed;
    mapping(address => uint256) public ordered;

    function book(address who, uint256 qty, uint256 cost) external {
        ordered[who] = qty;
        owed[who] = cost;
    }
}

contract Shop {
    Ledger public ledger;

    constructor() {
        ledger = new Ledger();
    }

    function buy(uint256 qty, uint256 unitPrice) external {
        uint256 cost;
        unchecked {
            cost = qty * unitPrice; //@finding(SWC-101)
        }
        ledger.book(msg.sender, qty, cost);
    }
}
