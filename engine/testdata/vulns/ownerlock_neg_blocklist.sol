// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The owner (the deployer) can block an account from withdrawing, and
// unblock it again with the same argument: a block is no lock for good.
contract BlocklistBank {
    address public owner;
    mapping(address => bool) public blocked;
    mapping(address => uint256) public balances;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function block(address account) external {
        require(msg.sender == owner, "not owner");
        blocked[account] = true;
    }

    function unblock(address account) external {
        require(msg.sender == owner, "not owner");
        blocked[account] = false;
    }

    function withdraw() external {
        require(!blocked[msg.sender], "blocked");
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
