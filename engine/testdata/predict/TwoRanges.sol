// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Two windows on the two arguments of one equality, one past the other
// (maze5's cell 8, engine/testdata/maze): a2 in [18475, +339), then a1 in
// [0x5000f5cf7c0ba716, +426), with a2*2886 + a1*586 fixed modulo 2^64.
// Each range is met by searching one window with the other argument
// solved exactly; the second search must keep the first window.
contract TwoRanges {
    function g(uint64 a1, uint64 a2, uint64 a4) external pure {
        unchecked {
            if (a2 * 2886 + a1 * 586 == 0x2232acf1f5dd6e18) {
                if (a4 * 2155 + 50187 == 0x49308ba8527) {
                    if (a2 - 18475 < 339) {
                        if (a1 - 0x5000f5cf7c0ba716 < 426) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
