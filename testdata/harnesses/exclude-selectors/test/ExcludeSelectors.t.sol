// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Pot} from "../src/Pot.sol";

struct FuzzSelector {
    address addr;
    bytes4[] selectors;
}

// excludeSelectors() alone: every function of the pot but smashOpen().
// No bug.
contract ExcludeSelectorsTest {
    Pot public pot;

    function setUp() public {
        pot = new Pot();
    }

    function invariant_whole() public view {
        require(!pot.smashed(), "smashed");
    }

    function excludeSelectors() public view returns (FuzzSelector[] memory out) {
        out = new FuzzSelector[](1);
        out[0].addr = address(pot);
        out[0].selectors = new bytes4[](1);
        out[0].selectors[0] = Pot.smashOpen.selector;
    }
}
