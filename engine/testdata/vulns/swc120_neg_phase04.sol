// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// block.number conditions that only move a registration through its phases
// (solc 0.4). The contract neither receives nor sends ether.
contract Registration {
    uint256 public endBlock;
    bool public finalized;
    mapping(address => bool) public registered;

    constructor() public {
        endBlock = block.number + 50;
    }

    function register() public {
        require(block.number < endBlock);
        registered[msg.sender] = true;
    }

    function finalize() public {
        require(block.number >= endBlock);
        finalized = true;
    }
}
