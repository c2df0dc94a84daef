// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A pot only an armed breaker may smash. forge sends from any address,
// the breaker's too, but only calls to the breaker arm it: a harness that
// leaves the breaker out of the campaign has no bug.
contract Pot {
    address public immutable breaker;
    uint256 public level;
    bool public smashed;

    constructor(address breaker_) {
        breaker = breaker_;
    }

    function fill(uint256 by) external {
        level += by % 100;
    }

    function smash() external {
        require(msg.sender == breaker && Breaker(breaker).armed(), "armed breaker only");
        smashed = true;
    }
}

contract Breaker {
    Pot public pot;
    bool public armed;

    function aim(Pot pot_) external {
        pot = pot_;
    }

    function arm() external {
        armed = true;
    }

    function swing() external {
        pot.smash();
    }
}
