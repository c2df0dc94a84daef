// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Push refunds in a loop with transfer(): one investor that rejects ether
// (the reverting or gas-burning attacker calls invest() with ether) makes
// every later refundAll() revert, so nobody gets refunded.
contract RefundAll {
    address payable[] private investors;
    mapping(address => uint256) public invested;

    function invest() external payable {
        require(msg.value > 0, "no value");
        if (invested[msg.sender] == 0) investors.push(payable(msg.sender));
        invested[msg.sender] += msg.value;
    }

    function refundAll() external {
        for (uint256 i = 0; i < investors.length; i++) {
            address payable investor = investors[i];
            uint256 amount = invested[investor];
            invested[investor] = 0;
            investor.transfer(amount); //@finding(SWC-113)
        }
        delete investors;
    }
}
