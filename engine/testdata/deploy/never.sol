// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A constructor no input satisfies: it is reported as skipped, with the
// reason, and nothing is found.
contract Never {
    uint256 public x;

    constructor(uint256 a) {
        require(a > 10, "too small");
        require(a < 5, "too large");
        x = a;
    }

    function set(uint256 v) external {
        x = v;
    }
}
