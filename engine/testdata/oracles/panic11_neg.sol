// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of panic11_pos.sol: the same uint8 addition, once wrapped in
// `unchecked` (wraps silently, no panic) and once bounded by a require, so no
// argument makes it panic. The unchecked sum wraps silently and is stored:
// that is SWC-101 (a wrap in an unchecked block that reaches storage).
contract Panic11Neg {
    uint8 public total;

    function add(uint8 a, uint8 b) public {
        unchecked {
            total = a + b; //@finding(SWC-101)
        }
    }

    function addBounded(uint8 a, uint8 b) public {
        require(uint256(a) + uint256(b) <= 255, "too big");
        total = a + b;
    }
}
