// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Deployed by test/Tally.t.sol's setUp() with a quorum; votes over it
// break the assertion.
contract Tally {
    uint256 public quorum;
    uint256 public votes;

    constructor(uint256 quorum_) {
        quorum = quorum_;
    }

    function vote(uint256 weight) external {
        require(weight > 0 && weight < 4);
        votes += weight;
        assert(votes <= quorum);
    }
}
