// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc113_neg_token_batch.sol: the loop pays ether
// to every member anyone can join, and one member that rejects ether
// makes payAll() revert for all.
contract Payroll {
    address[] private members;
    mapping(address => bool) public joined;
    uint256 public rounds;

    function join() external payable {
        require(msg.value == 1 ether, "pay 1 ether");
        require(!joined[msg.sender], "joined");
        joined[msg.sender] = true;
        members.push(msg.sender);
    }

    function payAll() external {
        require(members.length >= 2, "too few");
        require(rounds == 0, "paid");
        rounds = 1;
        for (uint256 i = 0; i < members.length; i++) {
            (bool ok, ) = members[i].call{value: 1 ether}(""); //@finding(SWC-113)
            require(ok, "payment failed");
        }
    }
}
