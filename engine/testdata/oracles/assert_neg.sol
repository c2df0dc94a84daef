// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of assert_pos.sol: the same assertion, but a require on the
// same value rejects x == 1337 first, so the assert can never fail.
// Expected findings: none.
contract AssertNeg {
    uint256 public lastChecked;

    function check(uint256 x) public {
        require(x != 1337, "rejected");
        lastChecked = x;
        assert(x != 1337);
    }
}
