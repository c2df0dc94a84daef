// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Savings that unlock at a time the owner (the deployer) can only push
// later, with no bound: extendLock(type(uint256).max) means no saver can
// ever unlock() and withdraw() again. Reported at extendLock(). (Saving
// and withdrawing are two steps, so that no timestamp decides a payment
// in the frame that pays: that would be SWC-116's.)
contract LockedSavings {
    address public owner;
    uint256 public unlockAt;
    mapping(address => uint256) public savings;
    mapping(address => bool) public unlocked;

    constructor() {
        owner = msg.sender;
    }

    function save() external payable {
        savings[msg.sender] += msg.value;
    }

    function extendLock(uint256 until) external { //@finding(owner-lock)
        require(msg.sender == owner, "not owner");
        require(until > unlockAt, "only later");
        unlockAt = until;
    }

    function unlock() external {
        require(block.timestamp >= unlockAt, "locked");
        unlocked[msg.sender] = true;
    }

    function withdraw() external {
        require(unlocked[msg.sender], "not unlocked");
        uint256 amount = savings[msg.sender];
        require(amount > 0, "nothing saved");
        savings[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
