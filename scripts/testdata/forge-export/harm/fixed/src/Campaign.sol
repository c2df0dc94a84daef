// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Fixed: only the owner can close the campaign.
contract Campaign {
    address payable public owner;

    constructor() {
        owner = payable(msg.sender);
    }

    function donate() external payable {}

    function close() external {
        require(msg.sender == owner, "not owner");
        selfdestruct(owner);
    }
}
