// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// block.number is only recorded (a deposit checkpoint) and emitted; the
// withdrawal of your own deposit does not depend on it.
contract CheckpointBank {
    mapping(address => uint256) public balances;
    mapping(address => uint256) public sinceBlock;

    event Withdrawn(address indexed who, uint256 amount, uint256 heldSince);

    function deposit() external payable {
        require(msg.value > 0, "no value");
        balances[msg.sender] += msg.value;
        sinceBlock[msg.sender] = block.number;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        emit Withdrawn(msg.sender, amount, sinceBlock[msg.sender]);
        payable(msg.sender).transfer(amount);
    }
}
