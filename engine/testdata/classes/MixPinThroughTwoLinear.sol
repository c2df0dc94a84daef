// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: an invertible function of one input that another contract
// returns, where the input is bound through two linear equations over
// three inputs (a with b, b with c) and a range on the third: no
// direction of one or two inputs keeps both equations.
contract MixPinThroughTwoLinear {
    Mixer internal immutable m = new Mixer();

    function f(uint64 a, uint64 b, uint64 c) external view {
        unchecked {
            if (a * 0x7c2d9e4f1a3b5c6d + b * 0x2f6e8d1c3b5a7909 == 0x20ee29c447c10569) {
                if (c > 0x35a8e2b4c3) {
                    if (b * 0x4d3c2b1a09f8e7d7 + c * 2917 == 0xe67e78474ac280a9) {
                        if (m.mix(a, 0x6b1f0e2d3c4b5a69) == 0x555cb0746a3044de) {
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
