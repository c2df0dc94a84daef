// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a time guard over a time the owner stores: a lock whose unlock
// time is set by its owner (any time from now on, by an earlier call), and
// a release that pays only in the first day after it and by block number
// at least 1000 blocks on: block.timestamp and block.number against stored
// values, each reached by a computed delay.
contract UnlockDeadline {
    address internal immutable owner = msg.sender;
    uint64 internal unlockAt;
    uint64 internal lockedAtBlock;

    function lock(uint64 at) external {
        require(msg.sender == owner, "owner");
        require(at > block.timestamp, "past");
        unlockAt = at;
        lockedAtBlock = uint64(block.number);
    }

    function release() external view {
        require(unlockAt != 0, "not locked");
        require(block.timestamp >= unlockAt, "locked");
        require(block.timestamp <= unlockAt + 1 days, "expired");
        require(block.number >= lockedAtBlock + 1000, "too few blocks");
        require(block.number < lockedAtBlock + 1010, "too many blocks");
        assert(false);
    }
}
