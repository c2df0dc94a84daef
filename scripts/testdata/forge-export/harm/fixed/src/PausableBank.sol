// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Fixed: the pause no longer stops withdrawals (paused is only reported),
// so depositors can always take their ether out.
contract PausableBank {
    address public owner;
    bool public paused;
    mapping(address => uint256) public balances;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function pause() external {
        require(msg.sender == owner, "not owner");
        paused = true;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
