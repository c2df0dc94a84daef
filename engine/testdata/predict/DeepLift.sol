// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An equality over a3 and a0, then a window on a0, then a3 alone fixed
// modulo 2^56 (the move out of cell 7 of a 30-move maze, s36j36603, where
// some seeds of both builds stopped): along any direction that keeps the
// first equality, the last one's coefficient has 2-adic valuation 9, so
// it has 512 roots modulo 2^64, 2^55 apart in a0, and only one of them
// puts a0 back inside its window. Trying the first 64 lifts finds it at
// one base in eight.
contract DeepLift {
    function g(uint64 a0, uint64 a3) external pure {
        unchecked {
            if (a0 < 0x9f3a1) {
                if (a3 * 1734 + a0 * 2108 == 0x4f45997fe06) {
                    if (a3 * 1280 + 0xb7e151628aed2a6a == 0xb7e1550acf6cab6a) {
                        assert(false);
                    }
                }
            }
        }
    }
}
