// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A campaign over these two contracts begins as any longer campaign with
// its seed does (TestBudgetPrefix): Never's constructor search spends its
// whole bound, which used to be a quarter of the budget, and Steps'
// assertions are found one after another, each behind a guard the
// previous call's state opens.
contract Never {
    constructor(uint256 a) {
        require(a > 10, "too small");
        require(a < 5, "too large");
    }

    function set(uint256) external {}
}

contract Steps {
    uint256 public stage;

    function step(uint256 key) external {
        if (stage == 0 && key % 1000 == 7) {
            stage = 1;
            assert(key < 1 << 200);
        } else if (stage == 1 && key > 1e30 && key < 1e30 + 1e20) {
            stage = 2;
            assert(key % 2 == 0);
        } else if (stage == 2 && key ^ 0x5a5a == 0x1234_5678_9abc) {
            stage = 3;
            assert(false);
        }
    }
}
