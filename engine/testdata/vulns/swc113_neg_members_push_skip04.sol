// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The negative twin of swc113_pos_members_push04.sol: the loop pushes to
// every member with send() and, when a member rejects the payment, credits
// it for a later withdraw() instead of reverting, so a rejecting member
// blocks nobody else: SWC-113's re-run sees the transaction commit.
contract SplitSkip {
    address[] public payees;
    mapping(address => uint256) public owed;
    uint256 public totalOwed;

    constructor(address[] _payees) public payable {
        require(_payees.length >= 2 && _payees.length <= 3);
        for (uint256 i = 0; i < _payees.length; i++) payees.push(_payees[i]);
    }

    function () public payable {}

    function distribute() public {
        uint256 share = (address(this).balance - totalOwed) / payees.length;
        require(share > 0);
        for (uint256 i = 0; i < payees.length; i++) {
            if (!payees[i].send(share)) {
                owed[payees[i]] += share;
                totalOwed += share;
            }
        }
    }

    function withdraw() public {
        uint256 amount = owed[msg.sender];
        require(amount > 0);
        owed[msg.sender] = 0;
        totalOwed -= amount;
        msg.sender.transfer(amount);
    }
}
