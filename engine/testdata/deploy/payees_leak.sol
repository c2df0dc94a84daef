// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// payees.sol's SplitPayment with the payee's debit dropped: a payee
// claims its share again and again, with nobody paying in, out of the
// other payees' shares. Reachable only by a payee the constructor named.
contract LeakySplit {
    uint256 public totalShares;
    uint256 public totalReleased;
    mapping(address => uint256) public shares;
    mapping(address => uint256) public released;
    address[] public payees;

    constructor(address[] memory payees_, uint256[] memory shares_) {
        require(payees_.length == shares_.length);
        for (uint256 i = 0; i < payees_.length; i++) {
            address payee = payees_[i];
            require(payee != address(0) && shares_[i] > 0 && shares_[i] < 1e9 && shares[payee] == 0);
            payees.push(payee);
            shares[payee] = shares_[i];
            totalShares += shares_[i];
        }
    }

    receive() external payable {}

    function claim() external {
        address payable payee = payable(msg.sender);
        require(shares[payee] > 0);
        uint256 totalReceived = address(this).balance + totalReleased;
        uint256 payment = totalReceived * shares[payee] / totalShares - released[payee];
        require(payment != 0);
        totalReleased += payment;
        payee.transfer(payment); //@finding(SWC-105)
    }
}
