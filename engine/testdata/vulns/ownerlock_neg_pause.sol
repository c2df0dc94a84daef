// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of ownerlock_pos_pause.sol: the owner can pause withdrawals,
// and unpause() lets them through again, so a pause is no lock for good.
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

    function unpause() external {
        require(msg.sender == owner, "not owner");
        paused = false;
    }

    function withdraw() external {
        require(!paused, "paused");
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
