// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Input prediction target with a non-linear cost: y^2 + 5y hits the constant
// only at y = 1414213. A secant step overshoots a parabola and a few more
// crawl toward the root; once two inputs straddle it, bracketing (regula
// falsi with bisection) closes in within a few dozen executions. Neither the
// root nor anything near it appears in the code.
contract Quadratic {
    function probe(uint64 x) public pure returns (uint256) {
        uint256 y = x;
        if (y * y + 5 * y == 2000005480434) {
            assert(false); //@finding(assert-failure)
        }
        return y;
    }
}
