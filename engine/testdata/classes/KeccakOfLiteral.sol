// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: the keccak of an input equal to the keccak of a literal the
// source holds (the optimizer folds that hash into a constant), behind
// two ordinary guards: the input is the literal read as a number.
contract KeccakOfLiteral {
    function f(uint64 a, uint64 b) external pure {
        unchecked {
            if (a > 0x22379cca) {
                if ((b ^ 55362) == 0xbabea0f4f1a7566) {
                    if (keccak256(abi.encodePacked(a)) == keccak256(hex"00000000223b9922")) {
                        assert(false);
                    }
                }
            }
        }
    }
}
