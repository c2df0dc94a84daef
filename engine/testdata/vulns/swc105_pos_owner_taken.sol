// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An open path to ownership (as in a well-known wargame level): any
// sender that contributed a little becomes the owner by sending ether to
// receive(), and the owner's withdraw() then pays it everything the
// contract holds, the ether it was deployed with included. The sender
// paid in a little, so it is no stranger that never paid; it was never
// paid before, so it is no withdrawal repeated without a debit either:
// it took the deployer's place in the owner slot (SWC-105). Taking that
// place is itself a privilege takeover, reported at receive(), whose
// check is missing.
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
        payable(owner).transfer(address(this).balance); //@finding(SWC-105)
    }

    receive() external payable { //@finding(privilege-takeover)
        require(msg.value > 0 && contributions[msg.sender] > 0);
        owner = msg.sender;
    }
}
