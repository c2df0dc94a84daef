// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

// Each depositor withdraws what they deposited; the owner sweeps only the
// fees. withdraw pays before it debits, which only nonReentrant makes safe:
// scripts/check-realworld plants the bug of dropping it (a reentrant
// withdrawal is paid twice, SWC-107).
contract EtherVault is Ownable, ReentrancyGuard {
    mapping(address => uint256) public balances;
    uint256 public fees;
    uint256 public constant FEE_BPS = 10;

    constructor() Ownable(msg.sender) {}

    function deposit() external payable {
        uint256 fee = (msg.value * FEE_BPS) / 10_000;
        fees += fee;
        balances[msg.sender] += msg.value - fee;
    }

    function withdraw(uint256 amount) external nonReentrant {
        require(balances[msg.sender] >= amount, "balance");
        Address.sendValue(payable(msg.sender), amount);
        balances[msg.sender] -= amount;
    }

    function sweepFees(address payable to) external onlyOwner {
        uint256 amount = fees;
        fees = 0;
        Address.sendValue(to, amount);
    }
}
