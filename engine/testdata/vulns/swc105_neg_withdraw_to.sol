// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of swc105_pos_missing_modifier.sol: a bank whose
// withdrawTo() pays the caller's own deposit to any address. The payee may
// never have paid in, but the ether is the caller's: together, the accounts
// of the sequence take out no more than they put in. Expected findings:
// none.
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
