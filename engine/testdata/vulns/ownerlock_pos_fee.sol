// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The owner (the deployer) fixes the withdrawal fee once, and nothing
// bounds it below 100%: fixFee(10000) makes every later withdrawal pay
// the whole balance to the owner and nothing to the depositor, and the
// fee can never be lowered again. Reported at fixFee().
contract FeeVault {
    address public owner;
    uint256 public feeBps;
    bool public feeFixed;
    mapping(address => uint256) public balances;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function fixFee(uint256 bps) external { //@finding(owner-lock)
        require(msg.sender == owner, "not owner");
        require(!feeFixed, "fee is final");
        require(bps <= 10000, "over 100%");
        feeBps = bps;
        feeFixed = true;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        uint256 fee = (amount * feeBps) / 10000;
        payable(owner).transfer(fee);
        payable(msg.sender).transfer(amount - fee);
    }
}
