// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A constructor with elementary arguments: the exported test deploys it
// with `new Capped(...)`, the arguments the campaign's deployment used.
contract Capped {
    uint256 public cap;
    uint256 public total;

    constructor(uint256 cap_, bool open_) {
        cap = cap_ == 0 ? 100 : cap_;
        require(open_ || true);
    }

    function add(uint256 x) external {
        total += x;
        assert(total <= cap + 1000);
    }
}
