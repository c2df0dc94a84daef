// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Wallet authorising by tx.origin (solc 0.4): if the owner ever calls a
// malicious contract, that contract can call transferTo() and pass the check.
// Reported where the comparison runs (any sender calling transferTo()).
contract TxOriginWallet {
    address public owner;

    constructor() public {
        owner = msg.sender;
    }

    function deposit() public payable {}

    function transferTo(address dest, uint256 amount) public {
        require(tx.origin == owner); //@finding(SWC-115)
        dest.transfer(amount);
    }
}
