// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Effects after the interaction, but the interaction is transfer(), which
// forwards only 2300 gas: the attacker cannot re-enter (and a failing
// recipient makes the whole withdraw revert).
contract TransferBank {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() public {
        uint256 amount = balances[msg.sender];
        require(amount > 0);
        msg.sender.transfer(amount);
        balances[msg.sender] = 0;
    }
}
