// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: assert-failure in functions that do not change state; the fuzzer
// must still call view and pure functions (as transactions) and report them.
// - checkPure(x) fails for x == 31337 (one call, a PUSH constant);
// - checkView(x) fails for x == 2 * limit == 200, limit being set to 100 by
//   the constructor (one call; 200 is a PUSH constant in the comparison).
contract ViewPurePos {
    uint256 public limit;

    constructor() {
        limit = 100;
    }

    function checkPure(uint256 x) public pure returns (uint256) {
        assert(x != 31337); //@finding(assert-failure)
        return x;
    }

    function checkView(uint256 x) public view returns (bool) {
        if (x == 200) {
            assert(x != limit * 2); //@finding(assert-failure)
        }
        return x < limit;
    }
}
