// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Admin setter authorised by tx.origin with a custom error. A phishing
// contract called by the owner could redirect the fees.
contract FeeConfig {
    error NotOwner();

    address public immutable owner;
    address public feeRecipient;
    uint256 public feeBps;

    constructor() {
        owner = msg.sender;
        feeRecipient = msg.sender;
    }

    function setFee(address recipient, uint256 bps) external {
        if (tx.origin != owner) revert NotOwner(); //@finding(SWC-115)
        require(bps <= 1000, "fee too high");
        feeRecipient = recipient;
        feeBps = bps;
    }
}
