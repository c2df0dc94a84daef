// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: property (Echidna-style: a public function named echidna_* taking no
// arguments and returning bool; it fails when it returns false or reverts).
// deposit() accepts at most 700 per call but never caps the running balance,
// so two transactions, e.g. deposit(700); deposit(300) (or 700 twice), push
// balance to 1000 or more and echidna_balance_under_1000() returns false.
// The property is written on one line so the finding's line is unambiguous.
contract PropertyPos {
    uint256 public balance;

    function deposit(uint256 amount) public {
        if (amount > 700) return;
        balance += amount;
    }

    function withdraw(uint256 amount) public {
        if (amount > balance) return;
        balance -= amount;
    }

    function echidna_balance_under_1000() public view returns (bool) { return balance < 1000; } //@finding(property)
}
