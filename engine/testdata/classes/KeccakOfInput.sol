// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: the keccak of an input equal to a constant hash (of
// 0x5eed5eed12345678, which the contract does not hold): no rule inverts
// a hash, so only a guess of the preimage passes.
contract KeccakOfInput {
    function f(uint64 x) external pure {
        if (keccak256(abi.encodePacked(x)) == 0x6291e7f90df1c58e09374f82c26aa6570e3576bea0d8fca7acd41324f11109d5) {
            assert(false);
        }
    }
}
