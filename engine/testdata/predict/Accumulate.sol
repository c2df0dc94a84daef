// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A sum of bounded stakes that must hit an exact target (the shape of
// engine/testdata/deploy/token.sol): each stake adds amount % unit, at
// most unit - 1, so the assertion needs four stakes or more whose sum is
// 3 * unit exactly. unit is computed at run time from an immutable, so
// neither it nor the target is a constant of the code.
contract Accumulate {
    uint8 public immutable decimals;
    uint256 public staked;

    constructor() {
        decimals = 18;
    }

    function stake(uint256 amount) external {
        staked += amount % 10 ** decimals;
        assert(staked != 3 * 10 ** decimals);
    }
}
