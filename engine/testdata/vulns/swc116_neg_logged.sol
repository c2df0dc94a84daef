// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// block.timestamp is stored and emitted, but no condition on it decides
// whether ether is sent: withdraw() pays back your own deposit at any time.
contract LoggedBank {
    mapping(address => uint256) public balances;
    mapping(address => uint256) public lastDeposit;

    event Deposited(address indexed who, uint256 amount, uint256 time);

    function deposit() external payable {
        require(msg.value > 0, "no value");
        balances[msg.sender] += msg.value;
        lastDeposit[msg.sender] = block.timestamp;
        emit Deposited(msg.sender, msg.value, block.timestamp);
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
