// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Bugs that take a sequence of calls: an assertion after two keyed steps,
// a property that several deposits break, a division that a chosen argument
// makes panic (with --oracles panics).
contract Sequence {
    uint256 public stage;
    uint256 public total;

    function unlock(uint256 key) external {
        if (key == 0x1337) stage = 1;
    }

    function arm(uint256 key) external {
        if (stage == 1 && key == 7) stage = 2;
    }

    function fire() external view {
        assert(stage != 2);
    }

    function deposit(uint256 amount) external {
        total += amount % 1 ether;
    }

    function share(uint256 parts) external view returns (uint256) {
        return total / (parts - 3);
    }

    function echidna_small() external view returns (bool) {
        return total < 2 ether;
    }
}
