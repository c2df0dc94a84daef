// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// TestJUnit's contracts: one with a bug (a failure), one without (a
// pass), one never deployed (skipped, with why), and an interface (no
// testcase: nothing of its own to fuzz).
contract Buggy {
    uint256 public x;

    function set(uint256 v) public {
        x = v;
        assert(v != 7);
    }
}

contract Fine {
    uint256 public n;

    function inc() public {
        n += 1;
    }
}

contract Refuses {
    constructor() {
        revert("never");
    }

    function f() public {}
}

interface IThing {
    function g() external;
}
