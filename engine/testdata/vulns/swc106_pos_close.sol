// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// close() lacks an access check: any sender can destroy the campaign in one
// transaction. The ether goes to the owner (the deployer), so this is not
// an ether leak; the bug is that anyone can trigger the selfdestruct.
contract Campaign {
    address payable public owner;

    constructor() {
        owner = payable(msg.sender);
    }

    function donate() external payable {}

    function close() external {
        selfdestruct(owner); //@finding(SWC-106)
    }
}
