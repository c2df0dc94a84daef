// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The move out of cell 1 of mazegen's seed-19703 maze (depth 28): two
// equalities over a0 and a6 under a 174-wide range on a0. a0's effect on
// the first is odd and a6's is four times odd, so every solution of the
// first moves a0 by a multiple of four; eliminating a6 through a0 moves
// a0 by a 64-bit quotient instead, out of its range.
contract HigherValuation {
    function g(uint64 a0, uint64 a6) external pure {
        unchecked {
            if (a0 - 0x7047db7910fa258a < 174) {
                if (a0 * 143 + a6 * 2500 + 0x70c6987d64351e72 == 0x737cd562cc452693) {
                    if (a0 * 1596 + a6 * 3665 == 0x52af69c47bb502ab) {
                        assert(false);
                    }
                }
            }
        }
    }
}
