// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Positive twin of swc105_neg_attacker_pays_user.sol: withdrawTo() checks
// only that the caller has a deposit, and clamps the debit to it, so any
// depositor pays out any amount of other depositors' ether. An attacker
// contract re-entering a user's withdrawal pays in 10 wei of its own and
// withdraws 100 to the user: 90 came out of the bank. Expected findings:
// SWC-105 at the payout (line 22).
contract WithdrawToBank {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdrawTo(address payable to, uint256 amount) public {
        uint256 bal = balances[msg.sender];
        require(bal > 0);
        // Clamped where it should be required: amount may exceed bal.
        balances[msg.sender] = amount < bal ? bal - amount : 0;
        (bool ok, ) = to.call{value: amount}(""); //@finding(SWC-105)
        require(ok);
    }
}
