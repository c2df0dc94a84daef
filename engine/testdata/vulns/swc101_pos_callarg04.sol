// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The product of two arguments is passed unchecked (solc 0.4) to another
// contract as an amount: any sender calls buy(qty, unitPrice) with
// qty * unitPrice >= 2**256 and the ledger books a tiny cost for a huge
// order. The wrapped value never touches this contract's storage, a
// condition or an ether transfer: it leaves in the call's input
// (engine/trace/memtaint.go follows it there).
contract Ledger04 {
    mapping(address => uint256) public owed;
    mapping(address => uint256) public ordered;

    function book(address who, uint256 qty, uint256 cost) external {
        ordered[who] = qty;
        owed[who] = cost;
    }
}

contract Shop04 {
    Ledger04 public ledger;

    constructor() public {
        ledger = new Ledger04();
    }

    function buy(uint256 qty, uint256 unitPrice) public {
        ledger.book(msg.sender, qty, qty * unitPrice); //@finding(SWC-101)
    }
}
