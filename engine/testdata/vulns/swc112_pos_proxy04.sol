// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Proxy (solc 0.4) whose upgradeTo() forgot the owner check: any sender
// sets implementation, then forward(data) delegatecalls it.
contract Proxy {
    address public owner;
    address public implementation;

    constructor(address impl) public {
        owner = msg.sender;
        implementation = impl;
    }

    function upgradeTo(address newImplementation) public { //@finding(privilege-takeover)
        implementation = newImplementation;
    }

    function forward(bytes data) public {
        require(implementation.delegatecall(data)); //@finding(SWC-112)
    }
}
