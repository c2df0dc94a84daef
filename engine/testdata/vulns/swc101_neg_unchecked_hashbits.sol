// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Wraps that are the arithmetic's intent: a seed offset only hashed, and
// bit tricks (two's complement negation to isolate the lowest set bit,
// clearing it with x & (x - 1), which wraps for x == 0) whose results are
// used through AND only.
contract Bits {
    bytes32 public id;
    uint256 public lowest;
    uint256 public cleared;

    function mix(uint256 seed, uint256 offset) external {
        unchecked {
            id = keccak256(abi.encode(seed + offset, msg.sender));
        }
    }

    function lowBit(uint256 x) external {
        unchecked {
            lowest = x & (~x + 1);
            cleared = x & (x - 1);
        }
    }
}
