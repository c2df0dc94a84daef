// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Pot} from "../src/Pot.sol";

struct FuzzSelector {
    address addr;
    bytes4[] selectors;
}

// targetSelectors() alone: the pot's fill() only, never smashOpen(). No
// bug.
contract TargetSelectorsTest {
    Pot public pot;

    function setUp() public {
        pot = new Pot();
    }

    function invariant_whole() public view {
        require(!pot.smashed(), "smashed");
    }

    function targetSelectors() public view returns (FuzzSelector[] memory out) {
        out = new FuzzSelector[](1);
        out[0].addr = address(pot);
        out[0].selectors = new bytes4[](1);
        out[0].selectors[0] = Pot.fill.selector;
    }
}
