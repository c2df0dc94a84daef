// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Desk} from "../src/Desk.sol";

// targetSenders() names the clerk and excludeSenders() a second clerk:
// every transaction comes from the first, and no other account (not even
// a contract the fuzzer deploys to call back) intrudes. No bug.
contract SendersExclusiveTest {
    Desk public desk;

    function setUp() public {
        desk = new Desk(address(0xC1E4));
    }

    function targetSenders() public pure returns (address[] memory out) {
        out = new address[](2);
        out[0] = address(0xC1E4);
        out[1] = address(0xBAD);
    }

    function excludeSenders() public pure returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(0xBAD);
    }

    function invariant_noIntruder() public view {
        require(!desk.intruded(), "intruded");
    }
}
