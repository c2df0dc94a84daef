// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of panic41_pos.sol: n is bounded by require(n <= 100) before
// the allocation.
// Expected findings: none.
contract Panic41Neg {
    uint256 public lastLength;

    function alloc(uint256 n) public {
        require(n <= 100, "too long");
        uint256[] memory buf = new uint256[](n);
        lastLength = buf.length;
    }
}
