// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// A bank where each account can only withdraw what it deposited (checked
// before the subtraction, effects before transfer()).
contract Bank {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) public {
        require(amount > 0);
        require(balances[msg.sender] >= amount);
        balances[msg.sender] -= amount;
        msg.sender.transfer(amount);
    }
}
