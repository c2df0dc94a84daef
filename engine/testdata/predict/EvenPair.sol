// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A range guard on a3 under an equality whose effects per unit of a3 and
// a2 are both even (3886 = 2 * 1943, 1252 = 4 * 313): a3 must move into
// [K, K + 603) while a2 balances the equality, so a3 moves by even steps
// only and an odd distance to the range's boundary has no exact step
// (maze3's west move from cell 2, engine/testdata/maze).
contract EvenPair {
    function g(uint64 a2, uint64 a3, uint64 a7) external pure {
        unchecked {
            if (a7 + 56246 == 0x17ec1) {
                if (a3 * 3886 + a2 * 1252 == 0x430483aeb2c8c01c) {
                    if (a3 - 0xb9fd4cd8d90bdb49 < 603) {
                        if (a7 * 1350 + 0x80aced508cad36f6 == 0x80aced50900902f8) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
