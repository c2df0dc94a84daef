// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a product of two inputs compared with a constant, above a
// window on one factor and a bound on the other: the window's values
// whose repaired other factor keeps the bound are few.
contract ProductThenWindow {
    function f(uint64 a, uint64 b) external view {
        unchecked {
            if (a * b == 0x1cfc9bd013125a1f) {
                if (b - 0x7a3c5e9d1b2f4a20 < 119) {
                    if (a < 0x2d2f3b) {
                        assert(false);
                    }
                }
            }
        }
    }
}
