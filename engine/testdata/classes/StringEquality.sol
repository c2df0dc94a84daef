// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a string input equal to a literal, compared by hash.
contract StringEquality {
    function f(string calldata s) external pure {
        if (keccak256(bytes(s)) == keccak256("open-sesame")) {
            assert(false);
        }
    }
}
