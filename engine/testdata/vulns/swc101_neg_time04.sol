// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Negative twin of swc101_pos_time04.sol: the same accrual of the
// caller's rate times the seconds elapsed, with the product checked
// (divided back by the elapsed time) before it is used. A rate near
// 2**256 wraps it and the transaction reverts. Expected findings: none.
contract CheckedTimeAccrual04 {
    uint256 public start;
    mapping(address => uint256) public accrued;

    constructor() public {
        start = now;
    }

    function accrue(uint256 rate) public {
        require(now >= start);
        uint256 elapsed = now - start;
        uint256 owed = rate * elapsed;
        require(elapsed == 0 || owed / elapsed == rate);
        if (owed > 0) {
            accrued[msg.sender] = owed;
        }
    }
}
