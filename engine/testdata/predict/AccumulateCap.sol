// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Accumulate.sol with the bound as a guard: a stake above unit reverts,
// so the assertion needs four stakes or more whose sum is 3 * unit + 7
// exactly, and a predicted stake past the guard runs nothing.
contract AccumulateCap {
    uint8 public immutable decimals;
    uint256 public staked;

    constructor() {
        decimals = 18;
    }

    function stake(uint256 amount) external {
        require(amount <= 10 ** decimals, "too much");
        staked += amount;
        assert(staked != 3 * 10 ** decimals + 7);
    }
}
