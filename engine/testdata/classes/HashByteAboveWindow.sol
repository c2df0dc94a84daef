// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a byte of the keccak of an input, then a linear equation over
// it and a second input, then a window of 132 values on the first input
// that holds the witness.
contract HashByteAboveWindow {
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (uint8(uint256(keccak256(abi.encodePacked(a)))) == 119) {
                if (a * 4070 + b * 0xd50a8ca0fb199d63 == 0xa383e004337cf666) {
                    if (a - 0x97930a750e6c84ba < 132) {
                        assert(false);
                    }
                }
            }
        }
    }
}
