// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Fixed: withdraw() clears the balance before it pays (checks-effects-
// interactions), so a reentrant call finds nothing to withdraw.
contract EtherBank {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "transfer failed");
    }
}
