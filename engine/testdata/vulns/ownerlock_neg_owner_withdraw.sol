// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A bank that keeps a 1% fee of each deposit for the owner (the
// deployer), who withdraws what the fees add up to: the owner takes its
// own ether, never a depositor's, so every withdrawal still pays.
contract FeeBank {
    address public owner;
    uint256 public fees;
    mapping(address => uint256) public balances;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {
        uint256 fee = msg.value / 100;
        fees += fee;
        balances[msg.sender] += msg.value - fee;
    }

    function withdrawFees() external {
        require(msg.sender == owner, "not owner");
        uint256 amount = fees;
        fees = 0;
        payable(owner).transfer(amount);
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
