// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: assert-failure (Panic 0x01, solc 0.8).
// One transaction: check(x) with x == 1337 (a PUSH constant the fuzzer mines)
// fails the assertion.
contract AssertPos {
    uint256 public lastChecked;

    function check(uint256 x) public {
        lastChecked = x;
        assert(x != 1337); //@finding(assert-failure)
    }
}
