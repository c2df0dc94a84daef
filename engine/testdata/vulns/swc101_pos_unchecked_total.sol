// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A pool adds every deposit to a stored total inside unchecked { }, on
// the belief that totals never get near 2**256; the amount is the
// caller's to choose, so two large deposits wrap the total back to a
// small number.
contract Pool {
    uint256 public totalDeposits;
    mapping(address => uint256) public deposited;

    function deposit(uint256 amount) external {
        deposited[msg.sender] = amount;
        unchecked {
            totalDeposits += amount; //@finding(SWC-101)
        }
    }
}
