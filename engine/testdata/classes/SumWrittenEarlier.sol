// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a sum that earlier calls of another function add to, at most
// 65535 each (four calls at least), compared in a later call behind a
// position an even earlier call set and an ordinary guard.
contract SumWrittenEarlier {
    uint64 internal pos;
    uint64 internal tally;

    function add(uint64 x) external {
        unchecked {
            tally += x % 65536;
        }
    }

    function move(uint64 a, uint64 b) external {
        unchecked {
            if (pos == 0) {
                if (a * 3 + 0x1234 == 0x9e3779b97f4a7c15) {
                    pos = 1;
                }
                return;
            }
            if ((b ^ 0x5a5a) == 0x1b2c3d4e5f607182) {
                if (tally >= 0x3d637) {
                    assert(false);
                }
            }
        }
    }
}
