// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// owner-lock: the owner pauses withdrawals and nothing unpauses them, so
// every depositor's ether is locked for good.
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
        require(!paused, "paused");
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
