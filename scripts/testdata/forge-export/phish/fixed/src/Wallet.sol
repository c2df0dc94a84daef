// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Fixed: the check is on msg.sender, so a contract the owner calls
// cannot pass it.
contract Wallet {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function transferOwnership(address newOwner) external {
        require(msg.sender == owner, "not the owner");
        owner = newOwner;
    }
}
