// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// swc116_neg_unstake_to.sol paying a bonus of half the stake out of the
// pool once the delay has passed: block.timestamp decides a payout to
// the address the staker names that is more than the staker paid in,
// other people's ether, so SWC-116 at the time check; and the named
// account, which never paid in, is paid the pool's ether (SWC-105).
contract Stakes {
    uint256 public constant DELAY = 1 days;
    mapping(address => uint256) public stake;
    mapping(address => uint256) public withdrawTime;

    function addStake() external payable {
        require(msg.value > 0, "no stake");
        stake[msg.sender] += msg.value;
        withdrawTime[msg.sender] = 0;
    }

    function unlockStake() external {
        require(stake[msg.sender] > 0, "no stake");
        withdrawTime[msg.sender] = block.timestamp + DELAY;
    }

    function withdrawStake(address payable to) external {
        uint256 amount = stake[msg.sender];
        require(amount > 0, "no stake");
        require(withdrawTime[msg.sender] > 0 && block.timestamp >= withdrawTime[msg.sender], "locked"); //@finding(SWC-116)
        stake[msg.sender] = 0;
        withdrawTime[msg.sender] = 0;
        (bool ok, ) = to.call{value: amount + amount / 2}(""); //@finding(SWC-105)
        require(ok, "send");
    }
}
