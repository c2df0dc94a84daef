// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Ether accounts: what the bank holds always backs what it owes.
// scripts/check-realworld plants a bug in withdraw (the total owed is no
// longer debited) that the invariant in test/Bank.t.sol catches.
contract Bank {
    mapping(address => uint256) public balanceOf;
    uint256 public totalDeposits;

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
        totalDeposits += msg.value;
    }

    function withdraw(uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        totalDeposits -= amount;
        (bool ok,) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
    }

    function transfer(address to, uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
    }
}
