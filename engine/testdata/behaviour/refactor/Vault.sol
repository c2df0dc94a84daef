// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A pure refactor: a local renamed, the fee extracted into a function, independent statements reordered.

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
        uint256 net = amount - _fee(amount);
        calls += 1;
        total += net;
        balance[msg.sender] += net;
        emit Deposited(msg.sender, net);
        return net;
    }

    function _fee(uint256 amount) internal pure returns (uint256) {
        return amount / 100;
    }

    function withdraw(uint256 amount) external {
        require(balance[msg.sender] >= amount, "insufficient");
        balance[msg.sender] -= amount;
        total -= amount;
    }

    function setLimit(uint256 l) external {
        limit = l;
    }
}
