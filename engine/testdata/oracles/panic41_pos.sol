// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: panic-0x41 (too much memory allocated).
// One transaction: alloc(n) with n > 2**64 - 1 (e.g. 2**64, or almost any
// random uint256) makes `new uint256[](n)` panic before touching memory.
// (Mid-sized n such as 2**30 just runs out of gas: that is not a finding.)
contract Panic41Pos {
    uint256 public lastLength;

    function alloc(uint256 n) public {
        uint256[] memory buf = new uint256[](n); //@finding(panic-0x41)
        lastLength = buf.length;
    }
}
