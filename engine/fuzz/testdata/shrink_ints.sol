// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Fixture for the shrinker (shrink_test.go): withdraw fails only for an
// amount above 1000, so its shrunk amount must be exactly 1001; mark's tag
// plays no part in the failure of check, so it must shrink to 0; unlock
// needs its exact code, which the shrinker must report as not reducible.
contract ShrinkInts {
    bool marked;

    function withdraw(uint256 amount) external pure {
        if (amount > 1000) {
            assert(amount == 0);
        }
    }

    function mark(uint256 tag) external {
        if (tag != 7) {
            marked = true;
        }
    }

    function check(int128 delta) external view {
        if (marked && delta < -50) {
            assert(false);
        }
    }

    function unlock(uint256 code) external pure {
        if (code == 0x5eed5eed5eed) {
            assert(false);
        }
    }
}
