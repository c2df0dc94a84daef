// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: panic-0x21 (conversion of an out-of-range value to an enum).
// One transaction: setColor(c) with c >= 3, e.g. setColor(3) or setColor(255).
contract Panic21Pos {
    enum Color { Red, Green, Blue }

    Color public color;

    function setColor(uint8 c) public {
        color = Color(c); //@finding(panic-0x21)
    }
}
