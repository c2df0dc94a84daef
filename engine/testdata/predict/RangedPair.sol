// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A window on each argument of one equality (require(lo <= x && x < hi)
// next to x*k + y*m == z, wrapping modulo 2^64): a0 must land in
// [0xb3011ffd, +998) while a4 stays below 0xf7b07cb5, and solving the
// equality along either argument moves the other by a 64-bit quotient.
// Only a search over a0's window, a4 solved exactly for each value and
// checked against its bound, meets all four (maze1's cell 9,
// engine/testdata/maze).
contract RangedPair {
    function g(uint64 a0, uint64 a4) external pure {
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
