// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An unstake delay whose withdrawal pays the stake to an address the
// staker names (ERC-4337's StakeManager.withdrawStake(withdrawAddress)):
// block.timestamp decides only when a staker's own ether goes where it
// says, never to whom or how much, so no SWC-116. Paying it to the
// sender itself is swc116_neg_unstake_delay.sol.
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
        require(withdrawTime[msg.sender] > 0 && block.timestamp >= withdrawTime[msg.sender], "locked");
        stake[msg.sender] = 0;
        withdrawTime[msg.sender] = 0;
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "send");
    }
}
