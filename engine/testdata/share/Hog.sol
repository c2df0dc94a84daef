// SPDX-License-Identifier: MIT
pragma solidity ^0.8.4;

// Hog.spin's loop takes most of a campaign's gas, and every loop count is
// a path of its own, so its inputs flood the corpus without covering
// anything new; the assertion behind open, lock and fire, three steps in
// order, is then reached only if spin loses its share (engine/fuzz/share.go).
contract Hog {
    uint256 public acc;
    uint256 stage;

    function spin(uint16 n) external {
        uint256 a = n;
        unchecked {
            for (uint256 i = 0; i < n % 1024; i++) {
                a = a * 31 + i;
            }
        }
        acc = a;
    }

    function open(uint256 x) external {
        if (stage == 0 && x % 97 == 5) stage = 1;
    }

    function lock(uint256 x) external {
        if (stage == 1 && x % 89 == 7) stage = 2;
    }

    function fire(uint256 x) external {
        if (stage == 2 && x % 83 == 11) {
            assert(false);
        }
    }
}
