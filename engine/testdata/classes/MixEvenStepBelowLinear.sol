// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: an invertible function of one input that another contract
// returns, where a linear equation above binds the input with an even
// coefficient on the other one, so the line that keeps it moves the input
// by even steps only.
contract MixEvenStepBelowLinear {
    Mixer internal immutable m = new Mixer();

    function f(uint64 a, uint64 b) external view {
        unchecked {
            if (a * 3159 + b * 2870 == 0xe32f3625cc711edf) {
                if (m.mix(a, 0x5e4f3a2b1c0d9e8f) == 0x66f9390ad22f23a8) {
                    if (b > 0x2c2d1e0f9a8b7c6d) {
                        assert(false);
                    }
                }
            }
        }
    }
}

contract Mixer {
    function mix(uint64 x, uint64 k) external pure returns (uint64) {
        unchecked {
            return (x ^ k) * 0x9e3779b97f4a7c15;
        }
    }
}
