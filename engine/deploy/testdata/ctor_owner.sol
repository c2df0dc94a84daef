// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The constructor takes its owner (compared with msg.sender) and a fee
// recipient (only paid, never compared): a deployment script passes the
// deployer as the owner, and the recipient is any account.
contract CtorOwner {
    address public owner;
    address public recipient;
    uint256 public fee;

    constructor(address newOwner, address feeRecipient) {
        require(newOwner != address(0), "zero owner");
        owner = newOwner;
        recipient = feeRecipient;
    }

    function setFee(uint256 newFee) external {
        require(msg.sender == owner, "not owner");
        fee = newFee;
    }

    function pay() external payable {
        payable(recipient).transfer(msg.value);
    }
}
