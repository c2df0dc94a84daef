// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of swc105_pos_missing_modifier.sol: the sweep is onlyOwner and
// the owner is the deployer (set in the constructor).
contract OwnedVault {
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

    function sweep() external onlyOwner {
        payable(msg.sender).transfer(address(this).balance);
    }
}
