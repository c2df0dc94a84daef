// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// A pot shared by the members a constructor names (address[] members),
// where claim() pays the claiming member the whole balance instead of its
// share: of two members who claim, whoever is mined first takes the
// other's share too. Members paid nothing in (the pot is the deployer's),
// but they are entitled to it, so their race is SWC-114's to judge.
contract Pot {
    address[] public members;
    mapping(address => bool) public isMember;
    mapping(address => bool) public claimed;

    constructor(address[] _members) public payable {
        require(_members.length >= 3 && _members.length <= 4);
        for (uint256 i = 0; i < _members.length; i++) {
            members.push(_members[i]);
            isMember[_members[i]] = true;
        }
    }

    function claim() public {
        require(isMember[msg.sender] && !claimed[msg.sender]);
        claimed[msg.sender] = true;
        msg.sender.transfer(address(this).balance); //@finding(SWC-114)
    }
}
