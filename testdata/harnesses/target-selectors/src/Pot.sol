// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Anyone may smash the pot with smashOpen(): a harness that leaves
// smashOpen() out of the campaign has no bug.
contract Pot {
    uint256 public level;
    bool public smashed;

    function fill(uint256 by) external {
        level += by % 100;
    }

    function smashOpen() external {
        smashed = true;
    }
}
