// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An ERC-4337 entry point's shape (StakeManager, NonceManager) beside an
// Ownable paymaster: withdrawTo checks the caller's deposit and forgets
// to debit it, so a depositor withdraws its deposit twice, the second
// time out of the vault's other ether. The paymaster names the deployer,
// the vault names no one: the deployer's transactions (privileged, their
// payouts never judged) must stay rare in the vault's sequences. And the
// vault's stake and nonce functions make a new storage state at every
// call, which must not take the withdrawal's share of the budget.
// Before the deployer's share was per contract, the budget shared
// between a contract's functions and a paying call repeated, seeds 1-4
// found it once within 20,000 executions (seed 1, at 18,673); after, 7
// of seeds 1-8 (2,716 to 12,261; seed 1 at 8,260).
//@execs 12000
contract Paymaster {
    address public owner = msg.sender;
    uint256 public fee;
    mapping(address => bool) public sponsored;

    function setFee(uint256 f) external {
        require(msg.sender == owner, "not owner");
        fee = f;
    }

    function sponsor(address account, bool on) external {
        require(msg.sender == owner, "not owner");
        sponsored[account] = on;
    }

    function transferOwnership(address to) external {
        require(msg.sender == owner, "not owner");
        owner = to;
    }
}

contract StakeVault {
    struct DepositInfo {
        uint256 deposit;
        bool staked;
        uint112 stake;
        uint32 unstakeDelaySec;
        uint48 withdrawTime;
    }

    mapping(address => DepositInfo) public deposits;
    mapping(address => mapping(uint192 => uint256)) public nonceSequenceNumber;

    receive() external payable {
        deposits[msg.sender].deposit += msg.value;
    }

    function depositTo(address account) external payable {
        deposits[account].deposit += msg.value;
    }

    function balanceOf(address account) external view returns (uint256) {
        return deposits[account].deposit;
    }

    function getNonce(address sender, uint192 key) external view returns (uint256) {
        return nonceSequenceNumber[sender][key] | (uint256(key) << 64);
    }

    function incrementNonce(uint192 key) external {
        nonceSequenceNumber[msg.sender][key]++;
    }

    function addStake(uint32 unstakeDelaySec) external payable {
        DepositInfo storage info = deposits[msg.sender];
        require(unstakeDelaySec > 0, "must specify unstake delay");
        require(unstakeDelaySec >= info.unstakeDelaySec, "cannot decrease unstake time");
        uint256 stake = info.stake + msg.value;
        require(stake > 0, "no stake specified");
        require(stake <= type(uint112).max, "stake overflow");
        deposits[msg.sender] = DepositInfo(info.deposit, true, uint112(stake), unstakeDelaySec, 0);
    }

    function unlockStake() external {
        DepositInfo storage info = deposits[msg.sender];
        require(info.unstakeDelaySec != 0, "not staked");
        require(info.staked, "already unstaking");
        info.withdrawTime = uint48(block.timestamp) + info.unstakeDelaySec;
        info.staked = false;
    }

    function withdrawStake(address payable withdrawAddress) external {
        DepositInfo storage info = deposits[msg.sender];
        uint256 stake = info.stake;
        require(stake > 0, "No stake to withdraw");
        require(info.withdrawTime > 0, "must call unlockStake() first");
        require(info.withdrawTime <= block.timestamp, "Stake withdrawal is not due");
        info.unstakeDelaySec = 0;
        info.withdrawTime = 0;
        info.stake = 0;
        (bool success,) = withdrawAddress.call{value: stake}("");
        require(success, "failed to withdraw stake");
    }

    function withdrawTo(address payable withdrawAddress, uint256 withdrawAmount) external {
        DepositInfo storage info = deposits[msg.sender];
        require(withdrawAmount <= info.deposit, "Withdraw amount too large");
        (bool success,) = withdrawAddress.call{value: withdrawAmount}(""); //@finding(SWC-105)
        require(success, "failed to withdraw");
    }
}
