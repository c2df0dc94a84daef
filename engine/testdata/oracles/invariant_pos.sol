// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: invariant (Foundry-style: a public function named invariant_* taking
// no arguments; it fails when it reverts, or returns false if it returns bool).
// The contract is its own target (no forge-std). add() accepts at most 100 per
// call, so two transactions such as add(100); add(100) (or three of 60) bring
// total above 150 and invariant_total() reverts. The check uses require, not
// assert, so the only finding is the invariant, and is written on one line so
// the finding's line is unambiguous.
contract InvariantPos {
    uint256 public total;
    uint256 public count;

    function add(uint256 x) public {
        if (x > 100) return;
        total += x;
        count += 1;
    }

    function reset() public {
        if (count < 10) return;
        total = 0;
        count = 0;
    }

    function invariant_total() public view { require(total <= 150, "total too large"); } //@finding(invariant)
}
