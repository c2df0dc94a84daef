// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: the keccak of an input equal to the keccak of a literal the
// source holds, where a linear equation above binds the input with an
// even coefficient on the other one, so the line that keeps it moves the
// input by multiples of 16 only; a range on the other below.
contract PreimageEvenStepBelowLinear {
    function f(uint64 a, uint64 b) external view {
        unchecked {
            if (a * 1203 + b * 3280 == 0x53f21b923dd9aa15) {
                if (keccak256(abi.encodePacked(a)) == keccak256(hex"6e2b9d4c1f3a5e87")) {
                    if (b > 0x31c3d2e1f0a9b8c7) {
                        assert(false);
                    }
                }
            }
        }
    }
}
