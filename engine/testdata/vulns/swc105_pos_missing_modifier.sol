// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// sweep() was meant to be onlyOwner but the modifier was forgotten: any
// account that never deposited calls sweep() and receives the contract's
// whole balance.
contract Vault {
    address public owner;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {}

    function setOwner(address newOwner) external onlyOwner {
        owner = newOwner;
    }

    function sweep() external {
        payable(msg.sender).transfer(address(this).balance); //@finding(SWC-105)
    }
}
