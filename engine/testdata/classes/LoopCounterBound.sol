// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a loop whose round count an input bounds, and a condition on
// what the loop computed.
contract LoopCounterBound {
    function f(uint64 n, uint64 x) external pure {
        unchecked {
            uint64 s;
            for (uint64 i = 0; i < n % 64; i++) {
                s += x + i;
            }
            if (s == 0x2a5fc3b1d0e49) {
                assert(false);
            }
        }
    }
}
