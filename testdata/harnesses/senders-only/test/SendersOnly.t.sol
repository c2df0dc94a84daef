// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Gate} from "../src/Gate.sol";

// targetSenders() alone (no excludeContracts(), no targetContracts()):
// transactions come from the keeper, so the gate breaks. Bug.
contract SendersOnlyTest {
    Gate public gate;

    function setUp() public {
        gate = new Gate(address(0xBEEF));
    }

    function targetSenders() public pure returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(0xBEEF);
    }

    function invariant_notBroken() public view {
        require(!gate.broken(), "broken");
    }
}
