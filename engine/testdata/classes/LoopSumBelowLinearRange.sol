// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a linear equation over two inputs, a range on one, then a
// loop's sum of them compared with a small constant.
contract LoopSumBelowLinearRange {
    function _spread(uint64 n, uint64 x) internal pure returns (uint64 s) {
        unchecked {
            for (uint64 i = 0; i < n % 8; i++) {
                s += x + i;
            }
        }
    }
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (a * 3030 + b * 2300 + 35884 == 0x7777777779818b2e) {
                if (b < 0x3b47) {
                    if (_spread(a, b) == 0x12291) {
                        assert(false);
                    }
                }
            }
        }
    }
}
