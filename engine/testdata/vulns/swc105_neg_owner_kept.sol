// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// swc105_pos_owner_taken.sol with the path to ownership closed: receive()
// makes a sender the owner only once it contributed more than the owner
// (1000 ether, in contributions below 0.001 ether each). No finding.
contract Contributions {
    mapping(address => uint256) public contributions;
    address public owner;

    constructor() payable {
        owner = msg.sender;
        contributions[msg.sender] = 1000 ether;
    }

    function contribute() public payable {
        require(msg.value > 0 && msg.value < 0.001 ether);
        contributions[msg.sender] += msg.value;
    }

    function withdraw() public {
        require(msg.sender == owner);
        payable(owner).transfer(address(this).balance);
    }

    receive() external payable {
        require(msg.value > 0 && contributions[msg.sender] > contributions[owner]);
        owner = msg.sender;
    }
}
