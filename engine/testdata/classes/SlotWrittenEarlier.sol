// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: an element of a packed array that an earlier call of another
// function wrote (set(2, K)), compared in a later call behind a position
// an even earlier call set and an ordinary guard.
contract SlotWrittenEarlier {
    uint64 internal pos;
    uint64[4] internal slot;

    function set(uint64 i, uint64 v) external {
        slot[i % 4] = v;
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
                if (slot[2] == 0xe7a4b8ec5e9012cb) {
                    assert(false);
                }
            }
        }
    }
}
