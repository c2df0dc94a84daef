// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Shares in and out, with running totals. The bug: a withdrawal of over
// 1000 shares takes only half of them off totalShares.
contract Vault {
    mapping(address => uint256) public shares;
    uint256 public totalShares;
    uint256 public deposited;
    uint256 public withdrawn;

    function deposit(uint256 amount) external {
        amount %= 1e24;
        shares[msg.sender] += amount;
        totalShares += amount;
        deposited += amount;
    }

    function withdraw(uint256 amount) external {
        require(shares[msg.sender] >= amount, "shares");
        shares[msg.sender] -= amount;
        withdrawn += amount;
        if (amount > 1000) {
            totalShares -= amount / 2;
        } else {
            totalShares -= amount;
        }
    }
}
