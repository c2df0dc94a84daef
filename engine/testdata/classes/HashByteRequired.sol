// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a byte of the keccak of an input required (a revert, not a
// branch) after a required line over two inputs whose coefficient of
// the other is even, then an equation that pins the input (odd
// coefficient). Written apart from the walk's own fixtures, to check the
// class and not one shape of it. (x, y) = (0x9e3779b1, 0x7f4a7c15)
// passes all three.
contract HashByteRequired {
    uint256 public hits;

    function g(uint32 x, uint32 y) external {
        unchecked {
            require(x + 2 * y == 0x9ccc71db, "line");
            require(uint8(uint256(keccak256(abi.encodePacked(x)))) == 214, "hash");
            hits++;
            if (x * 0x2545f491 + 0x632be59b == 0x424986dc) {
                assert(false);
            }
        }
    }
}
