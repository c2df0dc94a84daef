// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of property_pos.sol: deposit() refuses any amount that would
// take the balance to 1000 or more, so echidna_balance_under_1000() always
// holds.
// Expected findings: none.
contract PropertyNeg {
    uint256 public balance;

    function deposit(uint256 amount) public {
        if (amount > 700) return;
        if (balance + amount >= 1000) return;
        balance += amount;
    }

    function withdraw(uint256 amount) public {
        if (amount > balance) return;
        balance -= amount;
    }

    function echidna_balance_under_1000() public view returns (bool) { return balance < 1000; }
}
