// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Two equalities in a4 and a5 between a window on a4 and a bound on a5
// (the move out of cell 26 of a 30-move maze, s38j38804, where seed 1 of
// every build stopped): a5's effect on the first equality is even, so the
// moves that keep it are a line through the base plus a5 moved by 2^63.
// Along the line alone, the second equality's roots put a4 outside its
// window; the one inside needs a5 moved by 2^63 besides.
contract Torsion {
    function g(uint64 a4, uint64 a5) external pure {
        unchecked {
            if (a5 * 2666 + a4 * 3456 + 0x5bd1e995 == 0x476c0d1c942c2605) {
                if (a4 - 20300 < 180) {
                    if (a5 > 0x7a12c3e4d5f17338) {
                        if (a5 * 3481 + a4 * 2814 == 0xe929b2a161d2dee2) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
