// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Pot, Breaker} from "../src/Pot.sol";

// excludeArtifacts() alone: the Breaker artifact is left out. No bug.
contract ExcludeArtifactsTest {
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

    function excludeArtifacts() public pure returns (string[] memory out) {
        out = new string[](1);
        out[0] = "Breaker";
    }
}
