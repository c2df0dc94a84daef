// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The negative twin of swc114_pos_members_first04.sol: claim() pays each
// member the share fixed when the pot was first claimed from, so the
// order of two members' claims changes nothing either one gets.
contract SharedPot {
    address[] public members;
    mapping(address => bool) public isMember;
    mapping(address => bool) public claimed;
    uint256 public share;

    constructor(address[] _members) public payable {
        require(_members.length >= 3 && _members.length <= 4);
        for (uint256 i = 0; i < _members.length; i++) {
            members.push(_members[i]);
            isMember[_members[i]] = true;
        }
    }

    function claim() public {
        require(isMember[msg.sender] && !claimed[msg.sender]);
        if (share == 0) share = address(this).balance / members.length;
        claimed[msg.sender] = true;
        msg.sender.transfer(share);
    }
}
