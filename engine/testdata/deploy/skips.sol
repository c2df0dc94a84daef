// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Two contracts with the same constructor, which always reverts, differ
// only by their names: one names a library. Both are skipped for the same
// reason, and nothing is sent to their empty addresses. Each "skip:"
// comment is the reason the contract below it is skipped with.

// skip: constructor reverted
contract LibraryRegistry {
    uint256 public x;

    constructor() {
        require(block.number > 1e12, "never");
    }

    function set(uint256 v) external {
        x = v;
    }
}

// skip: constructor reverted
contract Registry {
    uint256 public x;

    constructor() {
        require(block.number > 1e12, "never");
    }

    function set(uint256 v) external {
        x = v;
    }
}

// skip: no callable functions
contract Inert {
    uint256 internal y = 1;
}
