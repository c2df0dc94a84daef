// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Capacity check that wraps (solc 0.4): reserve(1), then reserve(2**256-1).
// The second call's sum wraps to 0, passes the require (wrapped value used in
// a condition, transaction succeeds) and is stored (reserved becomes 0).
contract SeatReservation {
    uint256 public constant CAPACITY = 500;
    uint256 public reserved;

    event Reserved(address indexed who, uint256 seats);

    function reserve(uint256 seats) public {
        require(reserved + seats <= CAPACITY); //@finding(SWC-101)
        reserved += seats; //@finding(SWC-101)
        emit Reserved(msg.sender, seats);
    }
}
