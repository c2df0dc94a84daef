// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The negative twin of swc114_pos_members_shares04.sol: claim() pays the
// payee its share of everything the contract received, so the order of
// two payees' claims changes nothing either one gets.
contract FairSplit {
    mapping(address => uint256) public shares;
    mapping(address => uint256) public released;
    address[] public payees;
    uint256 public totalShares;
    uint256 public totalReleased;

    constructor(address[] _payees, uint256[] _shares) public payable {
        require(_payees.length == _shares.length);
        require(_payees.length > 0);
        for (uint256 i = 0; i < _payees.length; i++) {
            require(_payees[i] != address(0));
            require(_shares[i] > 0 && _shares[i] < 2**32);
            require(shares[_payees[i]] == 0);
            payees.push(_payees[i]);
            shares[_payees[i]] = _shares[i];
            totalShares = totalShares + _shares[i];
        }
    }

    function () public payable {}

    function claim() public {
        require(shares[msg.sender] > 0);
        uint256 received = address(this).balance + totalReleased;
        uint256 payment = received * shares[msg.sender] / totalShares - released[msg.sender];
        require(payment != 0);
        released[msg.sender] = released[msg.sender] + payment;
        totalReleased = totalReleased + payment;
        msg.sender.transfer(payment);
    }
}
