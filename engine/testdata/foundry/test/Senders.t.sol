// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";

// Only one account may touch the gate, and setUp() names it with
// targetSender: transactions must come from it (as forge's invariant
// runner sends them), or the planted bug is never reached.
contract Gate {
    address public immutable keeper;
    uint256 public turns;

    constructor(address keeper_) {
        keeper = keeper_;
    }

    function turn(uint256 by) external {
        require(msg.sender == keeper, "keeper only");
        turns += by % 4;
        assert(turns != 7); //@finding(assert-failure)
    }
}

contract SendersTest is Test {
    Gate public gate;

    function setUp() public {
        gate = new Gate(address(0xBEEF));
        targetSender(address(0xBEEF));
    }

    function invariant_turns() public view {
        require(gate.turns() < 100, "too many turns");
    }
}
