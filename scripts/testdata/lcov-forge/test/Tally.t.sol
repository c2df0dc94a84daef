// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Tally} from "../src/Tally.sol";

contract TallyTest {
    Tally t;

    function setUp() public {
        t = new Tally();
    }

    function test_add() public {
        t.add(5);
        t.add(101);
        t.add(7);
        t.add(1, 2);
        require(t.sum(4) == 3);
        require(t.sum(2) == 1);
        t.reset();
        t.poke();
        t.poke();
        (bool ok,) = address(t).call{value: 1}("");
        require(ok);
        (ok,) = address(t).call(hex"01020304");
        require(ok);
    }
}
