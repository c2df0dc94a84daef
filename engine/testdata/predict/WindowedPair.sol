// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An equality over a7 and a5, each of which sits in a window (a7 above a
// bound, a5 inside a range of 536), then a7 alone fixed (the move out of
// cell 12 of a 30-move maze from mazegen seed 35001, where every seed
// stopped): the system has one root, and every modular pair that keeps the
// equality moves a5 or a7 by a quotient near 2^63 per unit of the other,
// out of its window, so the last comparison is never evaluated along it.
// The integer pair (a5 + 209, a7 - 3797) keeps both windows.
contract WindowedPair {
    function g(uint64 a5, uint64 a7) external pure {
        unchecked {
            if (a7 > 0xc1f0a6059d09dda2) {
                if (a7 * 209 + a5 * 3797 + 18389 == 0x55779245d7f63660) {
                    if (a5 - 0x84b9b891 < 536) {
                        if (a7 * 1221 + 0xf3704d2327cd646a == 0xf43825e96f658210) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
