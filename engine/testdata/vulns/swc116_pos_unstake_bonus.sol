// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc116_neg_unstake_delay.sol: the same staking
// pool, but a withdrawal on an even timestamp pays the stake half as much
// again, out of the pool (other stakers' ether and the 10 ether the pool
// started with). block.timestamp % 2 is a coin, not a clock: a condition
// that waiting makes hold for good decides when, this one decides
// whether, and a block producer who picks the second picks who wins the
// bonus. A sender stakes, asks to leave, waits the week and withdraws on
// an even second.
contract LuckyStakingPool {
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
        if (block.timestamp % 2 == 0) { //@finding(SWC-116)
            amount += amount / 2;
        }
        payable(msg.sender).transfer(amount);
    }
}
