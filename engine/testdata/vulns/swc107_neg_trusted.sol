// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The call with value goes to the treasury fixed by the deployer in the
// constructor, never to a sender-chosen address: no attacker can get control
// during flush(), even though pendingFees is reset after the call.
contract FeeCollector {
    address payable public immutable treasury;
    uint256 public pendingFees;

    constructor() {
        treasury = payable(msg.sender);
    }

    function payFee() external payable {
        require(msg.value > 0, "no fee");
        pendingFees += msg.value;
    }

    function flush() external {
        uint256 fees = pendingFees;
        require(fees > 0, "nothing to flush");
        (bool ok, ) = treasury.call{value: fees}("");
        require(ok, "treasury rejected");
        pendingFees = 0;
    }
}
