// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// swc105_pos_fee_wrong_side.sol fixed: the whole amount is debited and
// the 1 % fee is kept back from the payout (it stays in the vault).
contract FeeVault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "balance");
        uint256 fee = amount / 100;
        balances[msg.sender] -= amount;
        (bool ok, ) = payable(msg.sender).call{value: amount - fee}("");
        require(ok, "transfer");
    }
}
