// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of invariant_pos.sol: add() refuses any x that would take the
// total above 150, so invariant_total() never reverts.
// Expected findings: none.
contract InvariantNeg {
    uint256 public total;
    uint256 public count;

    function add(uint256 x) public {
        if (x > 100) return;
        if (total + x > 150) return;
        total += x;
        count += 1;
    }

    function reset() public {
        if (count < 10) return;
        total = 0;
        count = 0;
    }

    function invariant_total() public view { require(total <= 150, "total too large"); }
}
