// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Deploys only with at least 2 ether sent to its payable constructor: the
// constructor's value is searched like an argument. The bug is only
// reachable once deployed.
contract Prefunded {
    uint256 public seeded;
    uint256 public paid;

    constructor() payable {
        require(msg.value >= 2 ether, "send 2 ether");
        seeded = msg.value;
    }

    function pay(uint256 amount) external {
        paid += amount % 10;
        assert(paid != 9); //@finding(assert-failure)
    }
}
