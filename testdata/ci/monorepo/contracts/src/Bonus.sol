// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A Foundry project in a monorepo's contracts/ folder: its SARIF must name
// this file contracts/src/Bonus.sol, relative to the repository's root.
contract Bonus {
    uint256 public total;

    function add(uint256 x) public {
        total += x;
        assert(total != 42);
    }
}
