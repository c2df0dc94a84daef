// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Pot, Breaker} from "../src/Pot.sol";

// targetArtifacts() alone: only contracts of the Pot artifact are called,
// never the breaker. No bug.
contract TargetArtifactsTest {
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

    function targetArtifacts() public pure returns (string[] memory out) {
        out = new string[](1);
        out[0] = "src/Pot.sol:Pot";
    }
}
