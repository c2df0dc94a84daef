// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of freezing_pos_tipjar.sol: the tips can be withdrawn by the
// beneficiary (the deployer).
contract WithdrawableTipJar {
    address payable public immutable beneficiary;
    uint256 public totalTips;

    constructor() {
        beneficiary = payable(msg.sender);
    }

    function tip() public payable {
        require(msg.value > 0, "no tip");
        totalTips += msg.value;
    }

    receive() external payable {
        tip();
    }

    function withdraw() external {
        require(msg.sender == beneficiary, "not beneficiary");
        beneficiary.transfer(address(this).balance);
    }
}
