// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a product of two inputs bound by a linear equation above it,
// with an equation below that pins one of them (an even coefficient: two
// roots).
contract ProductPinnedBelow {
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (a * 169 + b * 1221 == 0x62298d0207c3f1f8) {
                if (a * b == 0x7f0a8a38c733939b) {
                    if (a * 2150 + 0x7053 == 0x60a32122b360c635) {
                        assert(false);
                    }
                }
            }
        }
    }
}
