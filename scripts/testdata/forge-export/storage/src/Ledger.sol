// SPDX-License-Identifier: MIT
pragma solidity ^0.5.0;

// Bugs of storage before 0.8: a burn whose subtraction wraps for a sender
// without the balance (SWC-101), and a list of seats whose length can be
// decremented below zero, after which taking a seat writes the sender's
// address to a slot the index chooses (SWC-124).
contract Ledger {
    mapping(address => uint256) public balances;

    constructor() public {
        balances[msg.sender] = 1000;
    }

    function burn(uint256 value) public {
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
        seats.length--;
    }

    function take(uint256 i) public {
        require(i < seats.length);
        seats[i] = msg.sender;
    }
}
