// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Oracle: assert-failure in solc 0.4 (assert compiles to the INVALID opcode,
// 0xfe, which consumes all gas and returns no data).
// One transaction: check(x) with x == 4242 (a PUSH constant) fails the assertion.
contract Assert04Pos {
    uint256 public lastChecked;

    function check(uint256 x) public {
        lastChecked = x;
        assert(x != 4242); //@finding(assert-failure)
    }
}
