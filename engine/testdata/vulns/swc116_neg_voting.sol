// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Timestamp conditions that only guard state changes (a voting window and a
// closed flag). No ether is ever received or sent.
contract Poll {
    uint256 public immutable endTime;
    bool public closed;
    mapping(address => bool) public voted;
    uint256 public yes;
    uint256 public no;

    constructor() {
        endTime = block.timestamp + 3 days;
    }

    function vote(bool support) external {
        require(block.timestamp < endTime, "poll over");
        require(!voted[msg.sender], "already voted");
        voted[msg.sender] = true;
        if (support) yes += 1;
        else no += 1;
    }

    function close() external {
        if (block.timestamp >= endTime) closed = true;
    }
}
