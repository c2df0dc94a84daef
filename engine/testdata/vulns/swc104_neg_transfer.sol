// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// transfer() reverts on failure, so there is no result to forget: a
// reverting recipient just makes its own claim revert.
contract Refunds {
    mapping(address => uint256) public owed;

    function pay() external payable {
        require(msg.value > 0, "no value");
        owed[msg.sender] += msg.value;
    }

    function claimRefund() external {
        uint256 amount = owed[msg.sender];
        require(amount > 0, "nothing owed");
        owed[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
