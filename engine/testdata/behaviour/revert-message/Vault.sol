// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// withdraw reverts with another message.

contract Vault {
    mapping(address => uint256) public balance;
    uint256 public total;
    uint256 public calls;
    uint256 public limit = 1e30;
    address public owner;

    event Deposited(address indexed who, uint256 amount);

    constructor() {
        owner = msg.sender;
    }

    function deposit(uint256 amount) external returns (uint256) {
        require(amount <= limit, "too much");
        uint256 fee = amount / 100;
        balance[msg.sender] += amount - fee;
        total += amount - fee;
        calls += 1;
        emit Deposited(msg.sender, amount - fee);
        return amount - fee;
    }

    function withdraw(uint256 amount) external {
        require(balance[msg.sender] >= amount, "not enough");
        balance[msg.sender] -= amount;
        total -= amount;
    }

    function setLimit(uint256 l) external {
        limit = l;
    }
}
