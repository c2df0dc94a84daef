// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Savings the owner (the deployer) can lock until a time it may only push
// later, with no bound: extendLock(type(uint256).max) means no saver can
// ever withdraw() again. Reported at extendLock(). Once a lock is set,
// the clock decides when withdraw() pays its saver, but what it pays is
// the saver's own savings: no SWC-116 (swc116_neg_unstake_delay.sol).
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

    function extendLock(uint256 until) external { //@finding(owner-lock)
        require(msg.sender == owner, "not owner");
        require(until > unlockAt, "only later");
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
