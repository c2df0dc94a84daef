// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A takeover and the harm it opens, both reported: setOwner lost its
// check (privilege-takeover, at setOwner), and the owner's sweep then pays
// the new owner, a stranger that never paid in, the treasury's ether
// (SWC-105, at the transfer). The state the takeover left stays in the
// corpus, so later transactions use the role.
contract Treasury {
    address public owner;

    constructor() payable {
        owner = msg.sender;
    }

    function setOwner(address next) external { //@finding(privilege-takeover)
        owner = next;
    }

    function sweep() external {
        require(msg.sender == owner, "not owner");
        payable(msg.sender).transfer(address(this).balance); //@finding(SWC-105)
    }

    receive() external payable {}
}
