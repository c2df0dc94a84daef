// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// TimeLock (solc 0.4) with two findings. increaseLockTime(x) adds without a
// check: a huge x wraps lockTime (SWC-101, stored). withdraw() pays only if
// `now` is past the lock (SWC-116). deposit() with ether, then
// increaseLockTime(2**256 - lockTime) (or wait a week), then withdraw().
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
        require(now > lockTime[msg.sender]); //@finding(SWC-116)
        uint256 amount = balances[msg.sender];
        balances[msg.sender] = 0;
        msg.sender.transfer(amount);
    }
}
