// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Quiz.sol fixed (commit-reveal): an answer pays only to the sender who
// committed to it in an earlier block, so a copy of a pending answer pays
// its copier nothing. An answer without a commitment keeps its stake.
contract Quiz {
    uint256 public constant STAKE = 1e15;
    bool public solved;
    mapping(address => bytes32) public commitment;
    mapping(address => uint256) public committedAt;

    function commit(bytes32 h) external {
        commitment[msg.sender] = h;
        committedAt[msg.sender] = block.number;
    }

    function answer(uint256 a) external payable {
        require(msg.value == STAKE, "stake");
        require(!solved, "solved");
        bool committed = commitment[msg.sender] == keccak256(abi.encode(msg.sender, a)) &&
            committedAt[msg.sender] < block.number;
        if (committed && a == 42) {
            solved = true;
            payable(msg.sender).transfer(1 ether);
        }
    }
}
