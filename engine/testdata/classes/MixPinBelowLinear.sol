// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: an invertible function of one input that another contract
// returns (an xor with a key, then a multiplication by an odd constant),
// compared with a constant, where the input is bound by a linear equation
// over two inputs above it that every mutant of the input alone breaks.
contract MixPinBelowLinear {
    Mixer internal immutable m = new Mixer();

    function f(uint64 a, uint64 b) external view {
        unchecked {
            if (a * 227 + b * 1608 == 0x16822248a658a) {
                if (m.mix(b, 0xfc834a6e32845467) == 0xcc5e57dade3c71fe) {
                    if (b > 0x3955aa0459) {
                        if (a < 0x1234b9) {
                            assert(false);
                        }
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
