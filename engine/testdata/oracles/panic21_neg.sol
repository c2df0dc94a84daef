// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of panic21_pos.sol: require(c < 3) before the conversion.
// Expected findings: none.
contract Panic21Neg {
    enum Color { Red, Green, Blue }

    Color public color;

    function setColor(uint8 c) public {
        require(c < 3, "bad color");
        color = Color(c);
    }
}
