// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The move out of cell 9 of mazegen's seed-202 maze: (a1 ^ K) == C fixes
// a1 below two equalities that a1 enters, so its input-to-state value
// breaks both, and a repair of the first leaves the second broken
// (engine/solve's repairDeeper).
contract RepairChain {
    function west(uint64 a0, uint64 a1, uint64 a2, uint64 a3, uint64 a4, uint64 a5, uint64 a6, uint64 a7) external {
        unchecked {
            if (a6 * 3372 + a1 * 789 == 0xa3398a0afa9) {
                if (a0 * 2339 + a1 * 3141 == 0xf3f7649) {
                    if ((a1 ^ 0x18e97881383c827b) == 0x18e97881383c58e6) {
                        assert(false);
                    }
                }
            }
        }
    }
}
