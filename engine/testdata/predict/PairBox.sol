// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The move out of cell 27 of mazegen's seed-19701 maze (depth 28): a
// range on a1, an equality over a1 and a7, one over a1 and a3, then a
// range on a3. a1 moves only together with a7 (a pair that keeps the
// first equality), and the second has one solution with a1 and a3 both
// in their ranges.
contract PairBox {
    function g(uint64 a1, uint64 a3, uint64 a7) external pure {
        unchecked {
            if (a1 < 0x1bf23563) {
                if (a1 * 2660 + a7 * 3172 == 0x7cbc9f23c2ce5280) {
                    if (a1 * 810 + a3 * 912 + 0xfca2e63 == 0x585b1c1aa5) {
                        if (a3 < 0xb9465) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
