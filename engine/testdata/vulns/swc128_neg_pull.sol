// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Pull payments: invest() credits the investor directly and each investor
// withdraws its own credit, so no function walks a list that others can
// grow and every call costs the same gas however many invested.
contract PullDistributor {
    mapping(address => uint256) public credit;
    uint256 public investments;

    function invest() external payable {
        require(msg.value > 0, "no value");
        credit[msg.sender] += msg.value;
        investments += 1;
    }

    function withdraw() external {
        uint256 amount = credit[msg.sender];
        credit[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
