// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The same unbounded loop, but only the owner (the deployer) can add a
// payee: the array grows at the owner's will, not an attacker's, so a
// payout loop that outgrows the block is the owner's own doing.
contract OwnerPayroll {
    address private owner;
    address[] private payees;
    mapping(address => uint256) public credit;

    constructor() {
        owner = msg.sender;
    }

    function addPayee(address payee) external {
        require(msg.sender == owner, "not owner");
        payees.push(payee);
    }

    function accrue() external {
        for (uint256 i = 0; i < payees.length; i++) {
            credit[payees[i]] += 1;
        }
    }
}
