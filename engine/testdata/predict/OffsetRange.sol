// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The move out of cell 9 of maze1 (engine/testdata/maze): a range on a0
// (a0 - 0xb3011ffd < 998) below an equality of a0 and a4 that every unit
// probe of a0 breaks, with a4 bounded above (engine/solve's offsetSolve).
contract OffsetRange {
    function north(uint64 a0, uint64 a1, uint64 a2, uint64 a3, uint64 a4, uint64 a5, uint64 a6, uint64 a7) external {
        unchecked {
            if (a4 < 0xf7b07cb5) {
                if (a4 * 1742 + a0 * 1473 == 0xa9b25360842) {
                    if (a4 < 0xf7b3393b) {
                        if (a0 - 0xb3011ffd < 998) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
