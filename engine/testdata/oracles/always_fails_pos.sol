// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Every call fails, so no input ever joins the corpus: the campaign must
// keep going from fresh inputs instead of stopping with an empty corpus.
contract AlwaysFailsPos {
    function f(uint256) public pure {
        assert(false); //@finding(assert-failure)
    }
}
