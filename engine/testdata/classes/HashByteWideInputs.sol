// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a byte of the keccak of a uint128 input bound to another by a
// difference, above an equation in it and a third input.
// (x, y, z) = (0xabcdef0123456789abcdef0123456789,
// 0x0123456789abcdef0123456789abcdef, 0x42) passes all three.
contract HashByteWideInputs {
    function k(uint128 x, uint128 y, uint128 z) external pure {
        unchecked {
            if (x - y == 0xaaaaa9999999999aaaaaa9999999999a) {
                if (uint8(uint256(keccak256(abi.encode(y)))) == 113) {
                    if (y * 7 + z == 0x07f6e5d4c3b2a18907f6e5d4c3b2a1cb) {
                        assert(false);
                    }
                }
            }
        }
    }
}
