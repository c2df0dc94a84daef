// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// OpenZeppelin 1.x's SplitPayment: the constructor fixes the payees and
// their shares, and each payee claims its share of what the contract
// received. The deployment names the fuzzer's accounts as payees, so a
// payee claims; a payee paid its share is entitled to it, not a leak:
// no finding.
contract Split {
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
        released[payee] += payment;
        totalReleased += payment;
        payee.transfer(payment);
    }
}
