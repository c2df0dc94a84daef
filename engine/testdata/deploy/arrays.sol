// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Deploys only when the two arrays have the same length and at least
// three entries, every weight non-zero: the constructor's requires are
// branches the deployment search solves. The bug (an assert on a weight)
// is only reachable once deployed.
contract Weights {
    address[] public members;
    uint256[] public weights;

    constructor(address[] memory members_, uint256[] memory weights_) {
        require(members_.length == weights_.length, "lengths differ");
        require(members_.length >= 3, "too few members");
        for (uint256 i = 0; i < weights_.length; i++) {
            require(weights_[i] > 0 && weights_[i] < 1000, "bad weight");
        }
        members = members_;
        weights = weights_;
    }

    function bump(uint256 i, uint256 by) external {
        weights[i % weights.length] += by % 1000;
        assert(weights[i % weights.length] != 1500); //@finding(assert-failure)
    }
}
