// SPDX-License-Identifier: MIT
pragma solidity >=0.4.24 <0.9.0;

// A linked library both compilers compile: the campaign deploys one
// MathLib per build, so the setup records two contracts named
// MathLib in Lib.sol.
library MathLib {
    function twice(uint256 a) public pure returns (uint256) {
        return a * 2;
    }
}
