// SPDX-License-Identifier: MIT
pragma solidity ^0.5.0;

// Ledger.sol fixed (scripts/check-forge-export), so that the calls still
// commit but do no harm: a burn takes at most the balance, the list of
// seats never shrinks below zero, and a seat out of range is not taken.
contract Ledger {
    mapping(address => uint256) public balances;

    constructor() public {
        balances[msg.sender] = 1000;
    }

    function burn(uint256 value) public {
        if (value > balances[msg.sender]) value = balances[msg.sender];
        balances[msg.sender] -= value;
    }
}

contract Seats {
    address[] private seats;
    address public owner = msg.sender;

    function add() public {
        seats.push(address(0));
    }

    function remove() public {
        if (seats.length > 0) seats.length--;
    }

    function take(uint256 i) public {
        if (i < seats.length) seats[i] = msg.sender;
    }
}
