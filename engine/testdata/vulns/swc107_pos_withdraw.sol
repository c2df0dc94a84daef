// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Reentrancy in 0.8: call{value:} forwards all gas and the balance is reset
// after the call (an assignment, so checked arithmetic does not help).
// Reentrant attacker: deposit() with ether, then withdraw(); it re-enters
// withdraw() when paid and receives its balance twice.
contract EtherBank {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        (bool ok, ) = payable(msg.sender).call{value: amount}(""); //@finding(SWC-107)
        require(ok, "transfer failed");
        balances[msg.sender] = 0;
    }
}
