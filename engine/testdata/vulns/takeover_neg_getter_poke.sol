// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A check that compares msg.sender with another contract's word that any
// sender sets to itself: whoever poked last may claim. The word follows
// its writer, whoever that is, so a stranger that pokes holds what every
// sender may hold; nothing was granted, and nothing is reported.
contract Beacon {
    address public lastPoker;

    function poke() external {
        lastPoker = msg.sender;
    }
}

contract Rewards {
    Beacon public beacon;
    mapping(address => uint256) public claims;

    constructor(Beacon b) {
        beacon = b;
    }

    function claim() external {
        require(beacon.lastPoker() == msg.sender, "poke first");
        claims[msg.sender]++;
    }
}
