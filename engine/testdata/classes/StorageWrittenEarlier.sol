// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a comparison against storage an earlier call wrote; the value
// to write (C / K modulo 2^64) is in no operand of the contract.
contract StorageWrittenEarlier {
    uint64 internal stored;

    function set(uint64 v) external {
        stored = v;
    }

    function check() external view {
        unchecked {
            if (stored * 0x9e3779b97f4a7c15 == 0x5a5a5a5a00000000) {
                assert(false);
            }
        }
    }
}
