// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The bug at cell 17 of mazegen's seed-202 maze (depth 28): a range on
// a7, an equality over a2 and a7, a range on a2, then an equality that
// fixes a2 alone. Every direction that keeps the first equality moves
// a7 by a 64-bit quotient per step of a2, out of its range; only the
// one value of a2 the last equality takes brings a7 back inside.
contract RangeThenFix {
    function g(uint64 a2, uint64 a7) external pure {
        unchecked {
            if (a7 < 0x7cab3) {
                if (a2 * 1160 + a7 * 3021 == 0x8a5a48e) {
                    if (a2 < 0x35ddf) {
                        if (a2 * 0x8289067d07a93f4d + 0xad782c82e148fb45 == 0x15e6ff94a9c3a12b) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
