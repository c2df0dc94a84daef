// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The project's own bug: sweep() forgot onlyOwner, so anyone takes the
// balance.
contract Bank {
    address public immutable owner;

    constructor() payable {
        owner = msg.sender;
    }

    function sweep() external {
        payable(msg.sender).transfer(address(this).balance);
    }
}
