// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of panic12_pos.sol: require(d != 0) before dividing.
// Expected findings: none.
contract Panic12Neg {
    uint256 public lastShare;

    function share(uint256 x, uint256 d) public {
        require(d != 0, "zero divisor");
        lastShare = x / d;
    }
}
