// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of swc106_pos_close.sol: close() is onlyOwner and the owner is
// set to the deployer in the constructor.
contract OwnedCampaign {
    address payable public owner;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    constructor() {
        owner = payable(msg.sender);
    }

    function donate() external payable {}

    function close() external onlyOwner {
        selfdestruct(owner);
    }
}
