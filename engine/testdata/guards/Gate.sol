// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Two conditions no input passes: a hash below 1000 (the best input stays
// far off) and 3v == 1000 (an input can come within 1 of it).
contract Gate {
    uint256 public total;

    function deposit(uint256 x) public {
        total += x % 1000;
    }

    function open(uint256 key) public {
        require(uint256(keccak256(abi.encode(key))) < 1000, "wrong key");
        total = 1;
    }

    function near(uint256 v) public {
        require(v * 3 == 1000);
        total = 2;
    }
}
