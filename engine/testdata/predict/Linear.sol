// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Input prediction target: the failing input, 333333333, appears nowhere in
// the code and is not a boundary, but the branch's cost |3x + 7 - 1000000006|
// is linear in x, so one secant step from any two inputs lands on it.
contract Linear {
    function probe(uint256 x) public pure returns (uint256) {
        unchecked {
            if (x * 3 + 7 == 1000000006) {
                assert(false); //@finding(assert-failure)
            }
        }
        return x;
    }
}
