// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// sweep() was meant to pay the owner, but pays whoever calls it: a sender
// that never deposited takes the contract's whole balance (SWC-105).
contract Vault {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {}

    function sweep() external {
        payable(msg.sender).transfer(address(this).balance);
    }
}
