// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of assert_event_pos.sol: the overdraft reverts after
// emitting AssertionFailed (a reverted transaction's events are dropped),
// and an event with another name is no assertion. Expected findings: none.
contract AssertEventNeg {
    event AssertionFailed(string reason);
    event AuditFailed(uint256 value);

    uint256 public balance;

    function deposit(uint256 a) public {
        if (a < 1000) {
            balance += a;
        }
    }

    function withdraw(uint256 a) public {
        if (a > balance) {
            emit AssertionFailed("overdraft");
            revert("overdraft");
        }
        balance -= a;
    }

    function audit(uint256 x) public {
        if (x == 31337) {
            emit AuditFailed(x);
        }
    }
}
