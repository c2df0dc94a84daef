// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: panic-0x11 (checked arithmetic overflow, solc 0.8).
// One transaction: add(a, b) with a + b > 255, e.g. add(200, 100) or
// add(255, 1); uint8 arguments make the overflow easy to hit.
contract Panic11Pos {
    uint8 public total;

    function add(uint8 a, uint8 b) public {
        total = a + b; //@finding(panic-0x11)
    }
}
