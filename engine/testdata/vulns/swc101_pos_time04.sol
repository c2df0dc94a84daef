// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// An operand that is followed for another oracle (block.timestamp, for
// SWC-116) in arithmetic that wraps (solc 0.4, no checks): what accrues is
// the caller's rate times the seconds elapsed, and a rate near 2**256
// makes the product wrap. The product is one stack value with two labels
// (the time's and the wrap's); before both were kept in one entry, the
// copy solc makes of it before using it carried the time's label only,
// and the wrap went unreported (engine/trace/taint.go).
contract TimeAccrual04 {
    uint256 public start;
    mapping(address => uint256) public accrued;

    constructor() public {
        start = now;
    }

    function accrue(uint256 rate) public {
        uint256 elapsed = now - start;
        require(now >= start);
        uint256 owed = rate * elapsed; //@finding(SWC-101)
        if (owed > 0) {
            accrued[msg.sender] = owed;
        }
    }
}
