// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Negative twin of assert04_pos.sol: a require (REVERT, not INVALID) rejects
// x == 4242 before the assert, so the INVALID is unreachable.
// Expected findings: none.
contract Assert04Neg {
    uint256 public lastChecked;

    function check(uint256 x) public {
        require(x != 4242);
        lastChecked = x;
        assert(x != 4242);
    }
}
