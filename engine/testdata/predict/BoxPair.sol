// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The move out of cell 12 of mazegen's seed-103 maze (depth 28): an
// equality over a7 and a0 between a range on a7 and a range on a0. Its one
// solution in both ranges has a0 near 1.1e9; a step of either argument
// alone leaves the other's range, and a walk over one window misses it.
contract BoxPair {
    function g(uint64 a0, uint64 a3, uint64 a7) external pure {
        unchecked {
            if (a7 < 0xa11be) {
                if (a7 * 755 + a0 * 3453 + 0xb07b0bc1009b3e2d == 0xb07b0f401e376159) {
                    if (a0 < 0x425f2523) {
                        if (a3 != 1) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
