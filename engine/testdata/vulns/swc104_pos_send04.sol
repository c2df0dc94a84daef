// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The balance is zeroed, then send() is called and its result dropped. The
// reverting (or gas-burning) attacker calls deposit() with ether, then
// withdraw(): the send fails, the transaction succeeds, and its ether is
// lost in the contract.
contract SendBank {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() public {
        uint256 amount = balances[msg.sender];
        require(amount > 0);
        balances[msg.sender] = 0;
        msg.sender.send(amount); //@finding(SWC-104)
    }
}
