// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: panic-0x51 (call to a zero-initialized internal function variable).
// `op` lives in storage and is only set by configure(mode) when mode is 1 or
// 2. One transaction: run(x) on the fresh contract (or after configure(0))
// calls the unset function pointer.
contract Panic51Pos {
    function(uint256) internal pure returns (uint256) private op;
    uint256 public result;

    function configure(uint8 mode) public {
        if (mode == 1) {
            op = double;
        } else if (mode == 2) {
            op = square;
        }
    }

    function run(uint256 x) public {
        if (x > 1000) return;
        result = op(x); //@finding(panic-0x51)
    }

    function double(uint256 x) internal pure returns (uint256) {
        return x * 2;
    }

    function square(uint256 x) internal pure returns (uint256) {
        return x * x;
    }
}
