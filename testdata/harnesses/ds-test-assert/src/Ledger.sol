// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Credits and debits one account; the total is meant to follow them.
contract Ledger {
    uint256 public balance;
    uint256 public total;

    function credit(uint256 amount) public {
        amount = amount % 1000;
        balance += amount;
        total += amount;
    }

    function debit(uint256 amount) public {
        require(amount <= balance, "over balance");
        balance -= amount;
        if (amount < 500) {
            total -= amount;
        }
    }
}
