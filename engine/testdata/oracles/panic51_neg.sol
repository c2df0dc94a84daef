// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of panic51_pos.sol: the constructor initialises `op`, and
// configure(mode) only ever replaces it with another valid function.
// Expected findings: none.
contract Panic51Neg {
    function(uint256) internal pure returns (uint256) private op;
    uint256 public result;

    constructor() {
        op = double;
    }

    function configure(uint8 mode) public {
        if (mode == 1) {
            op = double;
        } else if (mode == 2) {
            op = square;
        }
    }

    function run(uint256 x) public {
        if (x > 1000) return;
        result = op(x);
    }

    function double(uint256 x) internal pure returns (uint256) {
        return x * 2;
    }

    function square(uint256 x) internal pure returns (uint256) {
        return x * x;
    }
}
