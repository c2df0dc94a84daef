// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Unprotected kill() (solc 0.4): one call from any sender destroys the
// contract (the balance goes to the deployer).
contract Mortal {
    address public owner;
    uint256 public greetings;

    constructor() public {
        owner = msg.sender;
    }

    function greet() public {
        greetings += 1;
    }

    function kill() public {
        selfdestruct(owner); //@finding(SWC-106)
    }
}
