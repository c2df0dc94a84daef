// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// ERC-4337's StakeManager in one contract: deposits (receive, withdrawTo)
// and a stake behind an unstake delay whose withdrawStake(to) pays it to
// an address the staker names. Named the reentrant attacker, the payee
// re-enters with a deposit of its own and withdraws part of it to the
// staker: the staker's transaction was then paid ether, but the
// attacker's, passed on, not the contract's. block.timestamp decided only
// when the stake left, so no SWC-116 (a false alarm on the pristine
// entry point of issue 68). The stake paid to the sender itself is
// swc116_neg_unstake_to.sol; a timestamp that decides a bonus is
// swc116_pos_unstake_bonus.sol.
//@execs 100000
contract StakeDeposits {
    struct Info {
        uint256 deposit;
        uint256 stake;
        uint256 withdrawTime;
    }

    mapping(address => Info) public deposits;

    receive() external payable {
        deposits[msg.sender].deposit += msg.value;
    }

    function withdrawTo(address payable to, uint256 amount) external {
        Info storage info = deposits[msg.sender];
        require(amount <= info.deposit, "too much");
        info.deposit -= amount;
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "send");
    }

    function addStake() external payable {
        require(msg.value > 0, "no stake");
        Info storage info = deposits[msg.sender];
        info.stake += msg.value;
        info.withdrawTime = 0;
    }

    function unlockStake() external {
        Info storage info = deposits[msg.sender];
        require(info.stake > 0, "not staked");
        require(info.withdrawTime == 0, "already unstaking");
        info.withdrawTime = block.timestamp + 1;
    }

    function withdrawStake(address payable to) external {
        Info storage info = deposits[msg.sender];
        uint256 stake = info.stake;
        require(stake > 0, "no stake");
        require(info.withdrawTime > 0, "unlock first");
        require(info.withdrawTime <= block.timestamp, "not due");
        info.stake = 0;
        info.withdrawTime = 0;
        (bool ok, ) = to.call{value: stake}("");
        require(ok, "send");
    }
}
