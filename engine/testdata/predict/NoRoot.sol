// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// NoRoot: x * x modulo 2^256 is never 3 (an odd square is 1 modulo 8), so
// no input reaches the assertion, and the wrapping square is no line for
// a secant step or a bracket to follow. Input prediction aims at it after
// every mutation of x; the campaign must still spend most executions on
// mutation and exploration (TestUnreachableTarget).
contract NoRoot {
    uint256 public last;

    function foo(uint256 x) public {
        unchecked {
            if (x * x == 3) {
                assert(false);
            }
        }
        last = x;
    }
}
