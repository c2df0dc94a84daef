// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Low-level call.value with an ignored result (solc 0.4). State is updated
// first, so there is no reentrancy, but when the recipient is the reverting
// or gas-burning attacker the call fails silently: credit() with ether, then
// cashOut(), and the credit is gone while the ether stays here.
contract Casher {
    mapping(address => uint256) public credit;

    function addCredit() public payable {
        require(msg.value > 0);
        credit[msg.sender] += msg.value;
    }

    function cashOut() public {
        uint256 amount = credit[msg.sender];
        require(amount > 0);
        credit[msg.sender] = 0;
        msg.sender.call.value(amount)(); //@finding(SWC-104)
    }
}
