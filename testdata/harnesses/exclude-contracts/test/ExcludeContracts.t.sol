// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Pot, Breaker} from "../src/Pot.sol";

// excludeContracts() alone (no other StdInvariant getter): the breaker is
// left out, so the pot stays whole. No bug.
contract ExcludeContractsTest {
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

    function excludeContracts() public view returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(breaker);
    }
}
