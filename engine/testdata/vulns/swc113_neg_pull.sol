// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Pull-payment twin of swc113_pos_refund_all.sol: each investor withdraws
// its own refund, so a rejecting investor only blocks itself.
contract PullRefunds {
    mapping(address => uint256) public invested;

    function invest() external payable {
        require(msg.value > 0, "no value");
        invested[msg.sender] += msg.value;
    }

    function withdrawRefund() external {
        uint256 amount = invested[msg.sender];
        require(amount > 0, "nothing to refund");
        invested[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
