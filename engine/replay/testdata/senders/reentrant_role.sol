// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// SWC-107 found through the reentrant attacker, in a contract whose
// storage names a guardian: the deployment makes that account a sender
// (a role holder), which comes before the attackers, so the attacker's
// principal index is one past the default layout's.
contract GuardedBank {
    address public guardian = 0x5AF1C2A3B4D5E6F70819203a4B5C6d7E8f901234;
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "transfer failed");
        balances[msg.sender] = 0;
    }
}
