// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

// A pre-0.8 contract: the balance check below is an assert, so a failing
// withdrawal order ends in INVALID; a division by a chosen argument is one
// too (panic-0x12 with --oracles panics).
contract Bank {
    uint256 public reserve;

    constructor(uint256 initialReserve) public {
        reserve = initialReserve % 1000;
    }

    function borrow(uint256 amount) external {
        require(amount <= 1000);
        reserve += amount;
    }

    function settle(uint256 amount) external {
        require(amount <= reserve);
        reserve -= amount;
        assert(reserve != 7);
    }

    function rate(uint256 d) external view returns (uint256) {
        return reserve / d;
    }
}
