// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An equality over a bounded and a free argument under another equality
// (maze5's cell 9, engine/testdata/maze): a7 < 0xa1ca5 holds a7 in a
// small range, so the solve must move a4 (and a3 with it, to keep the
// first equality), not a7 along its odd coefficient 769, and change a7
// only by the step that fixes the parity 1078's factor two asks for.
contract BoundedPivot {
    function g(uint64 a3, uint64 a4, uint64 a7) external pure {
        unchecked {
            if (a4 * 1864 + a3 * 1254 == 0xee81c74224838414) {
                if (a7 < 0xa1ca5) {
                    if (a4 * 1078 + a7 * 769 == 0xea9b2ab66b) {
                        assert(false);
                    }
                }
            }
        }
    }
}
