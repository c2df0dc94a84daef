// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Pot, Breaker} from "../src/Pot.sol";

// targetContracts() alone: only the pot is called, never the breaker. No
// bug.
contract TargetContractsTest {
    Pot public pot;
    Breaker public breaker;

    function setUp() public {
        breaker = new Breaker();
        pot = new Pot(address(breaker));
        breaker.aim(pot);
    }

    function invariant_whole() public view {
        require(!pot.smashed(), "smashed");
    }

    function targetContracts() public view returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(pot);
    }
}
