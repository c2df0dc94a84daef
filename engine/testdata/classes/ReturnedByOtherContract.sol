// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a value another contract returns, an invertible function of one
// input (an xor with a key, then a multiplication by an odd constant,
// modulo 2^64), compared with a constant behind an ordinary guard.
contract ReturnedByOtherContract {
    Mixer internal immutable m = new Mixer();

    function f(uint64 a, uint64 b) external view {
        unchecked {
            if (b * 5 + 0x77 == 0x6a09e667f3bcc908) {
                if (m.mix(a, 0xbf157d3cd87a02e2) == 0x3df39cbe00997dca) {
                    assert(false);
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
