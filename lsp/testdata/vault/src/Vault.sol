// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Vault is issue 45's scenario: withdraw never lowers totalDeposits, so
// checkSolvency's assert fails after any withdrawal. The test's set-up
// targets a handler that calls only deposit and withdraw.
contract Vault {
    mapping(address => uint256) public balances;
    uint256 public totalDeposits;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
        totalDeposits += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "vault: balance");
        balances[msg.sender] -= amount;
        (bool ok,) = msg.sender.call{value: amount}("");
        require(ok, "vault: send");
    }

    function checkSolvency() external view {
        assert(address(this).balance >= totalDeposits);
    }
}
