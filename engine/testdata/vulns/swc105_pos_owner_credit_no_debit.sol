// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A refund vault (RefundVault's shape): only the owner deposits, for an
// investor, and opens refunds; anyone then refunds an investor its
// deposit. The debit before the payout is gone: an investor refunded once
// is refunded again and again, out of the other investors' deposits. Every
// sequence that reaches the payout has an owner's transaction in it.
contract OwnerRefundVault {
    address public owner;
    bool public refunding;
    mapping(address => uint256) public deposited;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    function deposit(address investor) external payable onlyOwner {
        deposited[investor] += msg.value;
    }

    function enableRefunds() external onlyOwner {
        refunding = true;
    }

    function refund(address payable investor) external {
        require(refunding, "not refunding");
        uint256 value = deposited[investor];
        investor.transfer(value); //@finding(SWC-105)
    }
}
