// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A public library function is called by DELEGATECALL, so UsesLib must be
// linked to MathLib's deployed address. The assertion fails inside the
// library for run(777); the finding is at the library's line.
library MathLib {
    function check(uint256 x) public pure returns (uint256) {
        assert(x != 777); //@finding(assert-failure)
        return x / 2;
    }
}

contract UsesLib {
    function run(uint256 x) public pure returns (uint256) {
        return MathLib.check(x);
    }
}
