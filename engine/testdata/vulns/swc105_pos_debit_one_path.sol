// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A vault whose withdraw() debits the balance only on the path for large
// amounts: a withdrawal of at most 1 ether pays without a debit, so a
// depositor withdraws small amounts again and again and takes the ether
// other senders deposited (or the 10 ether the vault started with).
contract FastPathVault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "balance");
        if (amount > 1 ether) {
            balances[msg.sender] -= amount;
        }
        (bool ok, ) = payable(msg.sender).call{value: amount}(""); //@finding(SWC-105)
        require(ok, "transfer");
    }
}
