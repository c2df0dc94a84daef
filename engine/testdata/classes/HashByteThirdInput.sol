// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a byte of the keccak of an input, under a range guard and a
// linear equation over two inputs that bind it, above an equation in
// that input and a third (odd coefficient: a root for every a3). Every
// mutant of a3 or a1 breaks the equation above the hash; only moves
// along its kernel keep it, and the hash byte passes at one point in
// 256 of them. (a1, a2, a3) = (0x1b2c3d4e5f607182, 0x0fedcba987654321,
// 0x7c1d93e5a0b46f21) passes all four.
contract HashByteThirdInput {
    function f(uint64 a1, uint64 a2, uint64 a3) external pure {
        unchecked {
            if (a3 > 0x5a2f000000000000) {
                if (a3 * 3897 + a1 * 0xd1b54a32d192ed03 == 0x7ba689d2a00a5bdf) {
                    if (uint8(uint256(keccak256(abi.encodePacked(a3)))) == 235) {
                        if (a3 * 0x2545f4914f6cdd1d + a2 * 0x9e3779b97f4a7c15 == 0x87d52ac2f7a89172) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
