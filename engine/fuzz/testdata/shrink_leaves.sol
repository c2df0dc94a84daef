// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Fixture for the shrinker beyond integers (shrink_test.go): give fails
// for any address but its sender's and zero, so it must shrink to another
// account the campaign knows; tag needs at least 3 bytes, so it must
// shrink to three zero bytes; label needs a string of at least 2 bytes,
// so it must shrink to 2.
contract ShrinkLeaves {
    function give(address to) external view {
        if (to != address(0) && to != msg.sender) {
            assert(false);
        }
    }

    function tag(bytes calldata data) external pure {
        if (data.length >= 3) {
            assert(false);
        }
    }

    function label(string calldata s) external pure {
        if (bytes(s).length >= 2) {
            assert(false);
        }
    }

}
