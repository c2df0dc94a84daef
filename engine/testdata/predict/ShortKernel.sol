// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An equality over a0 and a6, a range on a0 under it, then a6 alone fixed
// (the move out of cell 12 of a 29-move maze from mazegen seed 104): once
// the first three hold, a6 must move while the first equality keeps, and
// only a6 and a0 move it. Pivoting the modular elimination on a0 moves a0
// by a quotient near 2^62 per unit of a6 (1940 and 700 have the same
// 2-adic valuation), out of its range; pivoting on a6 keeps it.
contract ShortKernel {
    function g(uint64 a0, uint64 a2, uint64 a6) external pure {
        unchecked {
            if (a0 * 1940 + a6 * 700 == 0x7b2ef46810f42298) {
                if (a0 < 0x2e6b6) {
                    if (a0 * 1595 + a2 * 0x5e84cd627045cc55 == 0x524dd39517091aa1) {
                        if (a6 + 0x6899454e == 0x77c3b966f50db3bd) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
