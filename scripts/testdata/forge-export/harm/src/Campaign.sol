// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// SWC-106: close() has no access check: any sender destroys the campaign,
// and its ether goes to the owner all the same.
contract Campaign {
    address payable public owner;

    constructor() {
        owner = payable(msg.sender);
    }

    function donate() external payable {}

    function close() external {
        selfdestruct(owner);
    }
}
