// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Ownership handed over on tx.origin's word: a contract the owner is
// lured into calling can pass the check and make itself the owner
// (SWC-115).
contract Wallet {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function transferOwnership(address newOwner) external {
        require(tx.origin == owner, "not the owner");
        owner = newOwner;
    }
}
