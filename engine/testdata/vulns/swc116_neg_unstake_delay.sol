// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A staking pool with an unstake delay: a staker asks to leave, and a
// week later withdraw() pays back what that staker staked, all of it and
// no more. block.timestamp decides whether the withdrawal goes through,
// but the ether paid is the sender's own stake: a block producer moving
// the time a few seconds only moves when a staker gets its own money
// back, and nobody gains. No SWC-116 (the staking contracts of issue 68).
// The positive twin, whose early exit pays a bonus on a timestamp
// multiple of 7, is swc116_pos_unstake_bonus.sol.
contract StakingPool {
    uint256 public constant DELAY = 7 days;
    mapping(address => uint256) public staked;
    mapping(address => uint256) public unlockAt;

    function stake() external payable {
        require(msg.value > 0, "nothing staked");
        require(unlockAt[msg.sender] == 0, "leaving");
        staked[msg.sender] += msg.value;
    }

    function requestUnstake() external {
        require(staked[msg.sender] > 0, "no stake");
        require(unlockAt[msg.sender] == 0, "already leaving");
        unlockAt[msg.sender] = block.timestamp + DELAY;
    }

    function withdraw() external {
        uint256 amount = staked[msg.sender];
        require(amount > 0, "no stake");
        require(unlockAt[msg.sender] != 0, "no request");
        require(block.timestamp >= unlockAt[msg.sender], "still locked");
        staked[msg.sender] = 0;
        unlockAt[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
