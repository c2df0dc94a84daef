// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: panic-0x32 (array index out of bounds).
// One transaction: set(i, v) with i >= 4 (e.g. set(4, 0) or any large i)
// indexes past the end of the fixed-size storage array.
contract Panic32Pos {
    uint256[4] private slots;

    function set(uint256 i, uint256 v) public {
        slots[i] = v; //@finding(panic-0x32)
    }

    function sum() public view returns (uint256 s) {
        for (uint256 k = 0; k < 4; k++) {
            unchecked { s += slots[k]; } //@finding(SWC-101)
        }
    }
}
