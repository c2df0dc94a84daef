// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Counter} from "../src/Counter.sol";

// No StdInvariant getter: every contract setUp() deployed is a target but
// the test contract, whose own breakIt() forge never calls. No bug.
contract DefaultSkipsTestTest {
    Counter public counter;
    bool public broken;

    function setUp() public {
        counter = new Counter();
    }

    function breakIt() public {
        broken = true;
    }

    function invariant_notBroken() public view {
        require(!broken && counter.count() < 10, "broken");
    }
}
