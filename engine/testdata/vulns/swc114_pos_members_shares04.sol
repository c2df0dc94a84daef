// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// SplitPayment's shape (zeppelin 1.x): payees and their shares in two
// lists of the same length, any length the deployer likes. claim() pays
// the claiming payee the whole balance instead of its share, so of two
// payees who claim, whoever is mined first takes the other's share too.
// The race needs two ordinary accounts among the payees: the deployment
// search tries the lists it found grown to three (growMembers).
contract Split {
    mapping(address => uint256) public shares;
    address[] public payees;
    uint256 public totalShares;

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
        shares[msg.sender] = 0;
        msg.sender.transfer(address(this).balance); //@finding(SWC-114)
    }
}
