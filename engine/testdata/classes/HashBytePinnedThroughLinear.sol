// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a byte of the keccak of an input, then a linear equation that
// binds it to a second input, then an equation that pins the second.
contract HashBytePinnedThroughLinear {
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (uint8(uint256(keccak256(abi.encodePacked(a)))) == 112) {
                if (b * 0xd9921c9cc67348b3 + a * 3653 == 0x21f793b8b43eaf59) {
                    if (b * 2625 + 0x7ca6 == 0x31b03e0acdd) {
                        assert(false);
                    }
                }
            }
        }
    }
}
