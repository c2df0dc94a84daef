// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A vault whose withdraw() checks the caller's balance but no longer debits
// it: a sender who deposited once withdraws its deposit again and again and
// takes the ether other senders deposited.
contract EtherVault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "balance");
        (bool ok, ) = payable(msg.sender).call{value: amount}(""); //@finding(SWC-105)
        require(ok, "transfer");
    }
}
