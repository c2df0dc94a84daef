// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A bank whose withdraw forgets to lower the total it owes: no single
// call fails, so a campaign on the bank alone finds nothing, but the
// project's invariant suite (test/BankInvariant.t.sol) breaks after a
// deposit and a withdrawal. The harness fixture of `foresight fuzz DIR`.
contract Bank {
    mapping(address => uint256) public balances;
    uint256 public totalDeposits;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
        totalDeposits += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "insufficient");
        balances[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }
}
