// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Two tokens share move(): moving more than you hold to yourself wraps the
// debit (line 14) and then the credit back (line 15), in one transaction.
// The campaign reports the debit on the first token it breaks, then, the
// debit being known, the credit on the other: its replay must give the
// credit, not the debit that comes first in the transaction.
contract Ledger {
    mapping(address => uint256) public balanceOf;

    function move(address to, uint256 amount) public {
        unchecked {
            balanceOf[msg.sender] -= amount;
            balanceOf[to] += amount;
        }
    }
}

contract TokenA is Ledger {}

contract TokenB is Ledger {}
