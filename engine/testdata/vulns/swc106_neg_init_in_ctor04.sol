// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Near miss of swc106_pos_initialize.sol (solc 0.4): the same one-shot
// init(), but the constructor calls it, so the deployer is the owner and
// nobody else can ever pass the guard on kill().
contract InitializedWallet {
    address public owner;

    constructor() public {
        init();
    }

    function init() public {
        require(owner == address(0));
        owner = msg.sender;
    }

    function deposit() public payable {}

    function kill() public {
        require(msg.sender == owner);
        selfdestruct(owner);
    }
}
