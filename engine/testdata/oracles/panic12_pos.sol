// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: panic-0x12 (division by zero).
// One transaction: share(x, 0) divides by zero.
contract Panic12Pos {
    uint256 public lastShare;

    function share(uint256 x, uint256 d) public {
        lastShare = x / d; //@finding(panic-0x12)
    }
}
