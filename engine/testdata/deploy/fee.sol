// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Deploys only with a fee below a bound and above another: a range the
// deployment search reaches through the comparison's operands and the
// secant step. The bug is only reachable once deployed.
contract FeeVault {
    uint256 public immutable feeBps;
    uint256 public collected;

    constructor(uint256 feeBps_) {
        require(feeBps_ <= 500, "fee too high");
        require(feeBps_ >= 30, "fee too low");
        feeBps = feeBps_;
    }

    function charge(uint256 amount) external {
        uint256 fee = (amount % 1e6) * feeBps / 10_000;
        collected += fee;
        assert(collected < 500); //@finding(assert-failure)
    }
}
