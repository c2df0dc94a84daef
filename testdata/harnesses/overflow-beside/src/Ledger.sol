// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Adds in an unchecked block: a large entry wraps the total below the
// number of entries.
contract Ledger {
    uint256 public total;
    uint256 public entries;

    function add(uint256 x) external {
        require(x > 0, "zero");
        unchecked {
            total += x;
        }
        entries += 1;
    }
}
