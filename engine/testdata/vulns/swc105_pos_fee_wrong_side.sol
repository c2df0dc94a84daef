// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A vault that charges 1 % on withdrawals but takes the fee off the debit
// instead of off the payout: the caller is paid the full amount and keeps
// the fee in its balance, so withdrawing that remainder again pays it more
// than it deposited, out of the other depositors' ether (or the 10 ether
// the vault started with).
contract FeeVault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "balance");
        uint256 fee = amount / 100;
        balances[msg.sender] -= amount - fee;
        (bool ok, ) = payable(msg.sender).call{value: amount}(""); //@finding(SWC-105)
        require(ok, "transfer");
    }
}
