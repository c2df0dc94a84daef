// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: ten bits (a mask, not a cast) of the keccak of an input and a
// constant word, under a range guard and a linear equation over two
// inputs. Any point of the line that passes the mask will do; about one
// in 1,024 does. (x, y) = (0x1122334455667788, 0x0fedcba987654321) is
// one.
contract HashBitsOfTwoWords {
    function h(uint64 x, uint64 y) external pure returns (uint256) {
        unchecked {
            if (x > 0x1000000000000000 && x * 5 + y * 3 == 0x8574635241301f0b) {
                if (uint256(keccak256(abi.encode(x, uint256(7)))) & 0x3ff == 485) {
                    assert(false);
                }
            }
            return x;
        }
    }
}
