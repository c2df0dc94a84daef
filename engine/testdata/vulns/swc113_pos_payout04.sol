// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Crowdfund refund (solc 0.4) pushing ether to every backer with
// require(send): one backer that rejects ether (the reverting attacker
// calls pledge() with ether) blocks refundAll() for everyone, forever.
contract Crowdfund {
    address[] private backers;
    mapping(address => uint256) public pledged;

    function pledge() public payable {
        require(msg.value > 0);
        if (pledged[msg.sender] == 0) backers.push(msg.sender);
        pledged[msg.sender] += msg.value;
    }

    function refundAll() public {
        for (uint256 i = 0; i < backers.length; i++) {
            address backer = backers[i];
            uint256 amount = pledged[backer];
            pledged[backer] = 0;
            require(backer.send(amount)); //@finding(SWC-113)
        }
        delete backers;
    }
}
