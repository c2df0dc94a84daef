// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: assert-failure through an AssertionFailed event (the Echidna and
// Medusa convention for assertions that must not revert), whatever its
// arguments. One transaction each:
// - withdraw(a) with a > balance (e.g. withdraw(1) first): the overdraft
//   check emits AssertionFailed(string).
// - audit(x) with x == 31337 (a PUSH constant) emits AssertionFailed(uint256).
contract AssertEventPos {
    event AssertionFailed(string reason);
    event AssertionFailed(uint256 value);

    uint256 public balance;

    function deposit(uint256 a) public {
        if (a < 1000) {
            balance += a;
        }
    }

    function withdraw(uint256 a) public {
        if (a > balance) {
            emit AssertionFailed("overdraft"); //@finding(assert-failure)
            return;
        }
        balance -= a;
    }

    function audit(uint256 x) public {
        if (x == 31337) {
            emit AssertionFailed(x); //@finding(assert-failure)
        }
    }
}
