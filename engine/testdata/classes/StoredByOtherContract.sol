// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a value another contract stored, written there by an earlier
// call of this contract that forwards its input (send(v) -> keep(v)),
// compared in a later call behind a position an even earlier call of
// another function set (as a maze's moves) and an ordinary guard.
contract StoredByOtherContract {
    uint64 internal pos;
    Keeper internal immutable h = new Keeper();

    function send(uint64 v) external {
        h.keep(v);
    }

    function open(uint64 a) external {
        unchecked {
            if (a * 3 + 0x1234 == 0x9e3779b97f4a7c15) {
                pos = 1;
            }
        }
    }

    function move(uint64 b) external view {
        if (pos == 1) {
            if ((b ^ 0x5a5a) == 0x1b2c3d4e5f607182) {
                if (h.kept() == 0xc2b2ae3d27d4eb4f) {
                    assert(false);
                }
            }
        }
    }
}

contract Keeper {
    uint64 public kept;

    function keep(uint64 v) external {
        kept = v;
    }
}
