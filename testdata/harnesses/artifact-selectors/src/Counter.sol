// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Four steps in a row without a reset break the counter.
contract Counter {
    uint256 public count;
    bool public broken;

    function step() external {
        count += 1;
        if (count == 4) broken = true;
    }

    function reset() external {
        count = 0;
    }
}
