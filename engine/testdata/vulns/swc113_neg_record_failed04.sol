// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Push loop (solc 0.4) that tolerates failures: a rejected send is recorded
// in failed[] for a later pull, and the loop goes on.
contract TolerantCrowdfund {
    address[] private backers;
    mapping(address => uint256) public pledged;
    mapping(address => uint256) public failed;

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
            if (!backer.send(amount)) failed[backer] += amount;
        }
        delete backers;
    }

    function withdrawFailed() public {
        uint256 amount = failed[msg.sender];
        require(amount > 0);
        failed[msg.sender] = 0;
        msg.sender.transfer(amount);
    }
}
