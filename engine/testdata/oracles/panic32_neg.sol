// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of panic32_pos.sol: the index is checked against the length
// before the write, so it never goes out of bounds. The unchecked sum of
// values any sender sets wraps and is returned: SWC-101.
contract Panic32Neg {
    uint256[4] private slots;

    function set(uint256 i, uint256 v) public {
        if (i < slots.length) {
            slots[i] = v;
        }
    }

    function sum() public view returns (uint256 s) {
        for (uint256 k = 0; k < 4; k++) {
            unchecked { s += slots[k]; } //@finding(SWC-101)
        }
    }
}
