// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a product of two inputs compared with a constant, above an
// equation (an even coefficient) that pins one factor: every move of that
// factor breaks the product unless the other factor is repaired with it.
contract ProductThenPin {
    function f(uint64 a, uint64 b, uint64 c) external view {
        unchecked {
            if (a * b == 0xe3545e7486131ba0) {
                if ((c ^ 0x51f3a2b4c6d8e9fb) == 0x51f3a2b4c6d884da) {
                    if (c < 0x7021) {
                        if (c * 2606 + a * 396 + 0x5e3d1f == 0x85202d06a4eef57d) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
