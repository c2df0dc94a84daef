// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A bank whose withdrawTo() pays the caller's own deposit to any address
// (swc105_neg_withdraw_to.sol). A user's withdrawal to an attacker
// contract that re-enters and withdraws its own deposit to the user pays
// the user in the user's transaction, but out of the attacker's money: no
// leak. The oracle counted that payout as the user's own, and a user paid
// before as draining the bank. Expected findings: none.
contract WithdrawToBank {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdrawTo(address payable to, uint256 amount) public {
        require(amount <= balances[msg.sender]);
        balances[msg.sender] -= amount;
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
    }
}
