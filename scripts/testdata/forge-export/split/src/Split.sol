// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// A split among the members its constructor names, which its owner pays
// out by pushing to each in one loop that reverts when a payment fails:
// one member whose contract rejects ether blocks every other's share for
// good (SWC-113). The campaign's members all accept ether; the oracle
// runs distribute() again with one of them rejecting.
contract Split {
    address private immutable owner = msg.sender;
    address[] private payees;

    constructor(address[] memory members) payable {
        require(members.length >= 2 && members.length <= 3, "two or three members");
        payees = members;
    }

    receive() external payable {}

    function distribute() external {
        require(msg.sender == owner, "only the owner");
        uint256 share = address(this).balance / payees.length;
        require(share > 0, "nothing to split");
        for (uint256 i = 0; i < payees.length; i++) {
            (bool ok, ) = payable(payees[i]).call{value: share}("");
            require(ok, "payment failed");
        }
    }
}
