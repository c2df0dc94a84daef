// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: an equation whose coefficient on one input is a multiple of 256
// (so it needs the other input's residue modulo 256), that other input in
// a window and bound by an equation above whose coefficient on its
// partner is a multiple of 8.
contract LinearUnderHiddenWindow {
    function f(uint64 a, uint64 b, uint64 c) external view {
        unchecked {
            if (a * 2917 + b * 3032 == 0x3aa3a2ee26f6b011) {
                if (a - 0x9c3e113f < 295) {
                    if (c * 1792 + a * 3451 + 0x8521db8e == 0x16f0ce7feb85c0e5) {
                        assert(false);
                    }
                }
            }
        }
    }
}
