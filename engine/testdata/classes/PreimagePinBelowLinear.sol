// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: the keccak of an input equal to the keccak of a literal the
// source holds, where the input is bound by a linear equation over two
// inputs above it (and a range) that every mutant of the input alone
// breaks.
contract PreimagePinBelowLinear {
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (b * 3601 + a * 0x7c87e457715d3c53 + 0x3fd104a0 == 0x8477b0df793e1df8) {
                if (a > 0xa1e88bd68e0ca54b) {
                    if (keccak256(abi.encodePacked(a)) == keccak256(hex"a1e88bd68e1753ab")) {
                        if (b > 0x3e3d56ab13) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
