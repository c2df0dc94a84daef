// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Ownable2Step done right: only the owner starts a handover, and only the
// account it named completes it. A stranger can never change the owner,
// and a handover the owner began is the owner's choice (its sequence has
// a privileged transaction), so nothing is reported.
contract TwoStep {
    address public owner;
    address public pendingOwner;
    uint256 public limit;

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function transferOwnership(address next) external onlyOwner {
        pendingOwner = next;
    }

    function acceptOwnership() external {
        require(msg.sender == pendingOwner, "not pending");
        owner = msg.sender;
        pendingOwner = address(0);
    }

    function setLimit(uint256 l) external onlyOwner {
        limit = l;
    }
}
