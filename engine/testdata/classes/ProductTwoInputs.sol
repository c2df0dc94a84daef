// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: the product of two inputs equals a constant (odd, so both
// factors must be odd), wrapping modulo 2^64.
contract ProductTwoInputs {
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (a * b == 0x7d3c9b1a5e6f4023) {
                assert(false);
            }
        }
    }
}
