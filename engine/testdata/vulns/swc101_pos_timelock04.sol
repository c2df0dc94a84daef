// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// TimeLock (solc 0.4). increaseLockTime(x) adds without a check: a huge x
// wraps lockTime (SWC-101, stored): deposit() with ether, then
// increaseLockTime(2**256 - lockTime). withdraw() pays only if `now` is
// past the lock, but what it pays is the sender's own deposit: the time
// decides when, nobody gains, no SWC-116 (swc116_neg_unstake_delay.sol).
contract TimeLock {
    mapping(address => uint256) public balances;
    mapping(address => uint256) public lockTime;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
        lockTime[msg.sender] = now + 1 weeks;
    }

    function increaseLockTime(uint256 secondsToIncrease) public {
        lockTime[msg.sender] += secondsToIncrease; //@finding(SWC-101)
    }

    function withdraw() public {
        require(balances[msg.sender] > 0);
        require(now > lockTime[msg.sender]);
        uint256 amount = balances[msg.sender];
        balances[msg.sender] = 0;
        msg.sender.transfer(amount);
    }
}
