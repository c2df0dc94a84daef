// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a linear equation over two inputs, wrapping modulo 2^64.
contract LinearTwoInputs {
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (a * 0x9e3779b97f4a7c15 + b * 2914 == 0x0123456789abcdef) {
                assert(false);
            }
        }
    }
}
