// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// swc105_pos_debit_one_path.sol fixed: both paths of withdraw() debit the
// balance before paying, so a depositor takes out at most what it put in.
contract FastPathVault {
    mapping(address => uint256) public balances;
    uint256 public large;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "balance");
        if (amount > 1 ether) {
            large += 1;
        }
        balances[msg.sender] -= amount;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "transfer");
    }
}
