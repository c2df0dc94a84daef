// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Vulnerable twin of swc105_neg_paid_elsewhere.sol: the escrow checks the
// credit but never debits it, so a depositor withdraws again and again out
// of the escrow's other ether, beside a splitter that pays its payees
// honestly.
contract Escrow {
    mapping(address => uint256) public credit;

    function deposit() external payable {
        credit[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(credit[msg.sender] >= amount, "no credit");
        payable(msg.sender).transfer(amount); //@finding(SWC-105)
    }
}

contract Splitter {
    mapping(address => uint256) public owed;

    function pay(address to) external payable {
        owed[to] += msg.value;
    }

    function claim() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
