// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of ownerlock_pos_lock_max.sol: the owner can push the unlock
// time at most 30 days past now, so a lock always ends and there is no
// owner-lock finding. The clock decides when withdraw() pays its saver
// once a lock is set, but it pays only the saver's own savings: no
// SWC-116 (swc116_neg_unstake_delay.sol).
contract LockedSavings {
    address public owner;
    uint256 public unlockAt; // 0: not locked
    mapping(address => uint256) public savings;

    constructor() {
        owner = msg.sender;
    }

    function save() external payable {
        savings[msg.sender] += msg.value;
    }

    function extendLock(uint256 until) external {
        require(msg.sender == owner, "not owner");
        require(until > unlockAt, "only later");
        require(until <= block.timestamp + 30 days, "too far");
        unlockAt = until;
    }

    function withdraw() external {
        require(unlockAt == 0 || block.timestamp >= unlockAt, "locked");
        uint256 amount = savings[msg.sender];
        require(amount > 0, "nothing saved");
        savings[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
