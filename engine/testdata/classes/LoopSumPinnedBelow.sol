// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a loop's sum, n % 8 rounds of x + i, compared with a constant,
// then an equation that pins n (so the rounds) and one over both inputs
// that pins x.
contract LoopSumPinnedBelow {
    function _spread(uint64 n, uint64 x) internal pure returns (uint64 s) {
        unchecked {
            for (uint64 i = 0; i < n % 8; i++) {
                s += x + i;
            }
        }
    }
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (_spread(a, b) == 0x3e5e029cfcc22bcf) {
                if (a * 1418 + 0x141f == 0x6448fda8d8e79a11) {
                    if (b * 1777 + a * 3064 == 0x65b3f96b6e48ea89) {
                        assert(false);
                    }
                }
            }
        }
    }
}
