// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The move out of cell 22 of mazegen's seed-20504 maze (depth 28): an
// equality over a3 and a7, one over a3 and a5, then a range on a7 and
// one on a3. Every solution of the second equality moves a3 by a
// multiple of two (a5 takes the quotient) and a7 with it through the
// first, so the ranges are met along one direction that moves a3 by two.
contract EvenBox {
    function g(uint64 a3, uint64 a5, uint64 a7) external pure {
        unchecked {
            if (a3 * 2672 + a7 * 0x5da79ab94bc9cc2d == 0x80383cf480d8c6ca) {
                if (a3 * 2830 + a5 * 956 == 0x60c769f5ae) {
                    if (a7 < 0xeec7e4c7) {
                        if (a3 < 0x95f60) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
