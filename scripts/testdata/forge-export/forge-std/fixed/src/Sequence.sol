// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Sequence.sol fixed (scripts/check-forge-export): the assertion cannot
// fail, deposits stop short of the property's bound, and share() checks
// its argument. Every test exported from the buggy one must fail here.
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
        require(stage != 2);
    }

    function deposit(uint256 amount) external {
        if (total + amount % 1 ether < 2 ether) total += amount % 1 ether;
    }

    function share(uint256 parts) external view returns (uint256) {
        if (parts <= 3) return 0;
        return total / (parts - 3);
    }

    function echidna_small() external view returns (bool) {
        return total < 2 ether;
    }
}
