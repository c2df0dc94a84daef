// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Savings account (solc 0.4) that books deposits but whose author forgot the
// withdrawal: ether sent to deposit() can never leave.
contract Savings { //@finding(freezing-ether)
    mapping(address => uint256) public balances;
    uint256 public total;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
        total += msg.value;
    }

    function balanceOfCaller() public view returns (uint256) {
        return balances[msg.sender];
    }
}
