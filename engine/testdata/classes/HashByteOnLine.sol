// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a byte of the keccak of an input, under a range guard and a
// linear equation over two inputs that bind it, above an equation that
// pins the input (K2 odd). Every mutant of a3 or a1 breaks the equation
// above the hash; only moves along its kernel keep it, and the hash
// byte passes at one point in 256 of them. The inner equation fixes a3
// to the one value that passes all four (a1 = 0x1b2c3d4e5f607182, a3 =
// 0x7c1d93e5a0b46f21); its root along the line needs two points that
// pass the hash.
contract HashByteOnLine {
    function f(uint64 a1, uint64 a3) external pure {
        unchecked {
            if (a3 > 0x5a2f000000000000) {
                if (a3 * 3897 + a1 * 0xd1b54a32d192ed03 == 0x7ba689d2a00a5bdf) {
                    if (uint8(uint256(keccak256(abi.encodePacked(a3)))) == 235) {
                        if (a3 * 0x2545f4914f6cdd1d + 0x632be59bd9b4e019 == 0xf5adc275e300f3d6) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
