// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Parity-style unprotected initializer (solc 0.4): initWallet() was meant
// to run once at deployment but anyone can call it. Any sender calls
// initWallet(), then withdrawAll(), and takes ether it never sent.
contract InitWallet {
    address public owner;

    function initWallet() public {
        owner = msg.sender;
    }

    function deposit() public payable {}

    function withdrawAll() public {
        require(msg.sender == owner);
        msg.sender.transfer(address(this).balance); //@finding(SWC-105)
    }
}
