// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Vault.sol fixed (scripts/check-forge-export): the sweep pays the owner,
// so the sender who calls it gains nothing, though the call still commits.
contract Vault {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {}

    function sweep() external {
        payable(owner).transfer(address(this).balance);
    }
}
