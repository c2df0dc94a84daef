// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// SWC-107 found through the reentrant attacker, with the default senders
// only (no role holder).
contract EtherBank {
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
