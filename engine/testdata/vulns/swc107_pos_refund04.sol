// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Crowdsale refund (solc 0.4) that clears the contribution only if the
// call succeeded, after the call. The result is used (no SWC-104), but the
// reentrant attacker re-enters refund() from its fallback and is refunded
// twice: contribute() with some ether, then refund().
contract CrowdsaleRefund {
    mapping(address => uint256) public contributions;

    function contribute() public payable {
        require(msg.value > 0);
        contributions[msg.sender] += msg.value;
    }

    function refund() public {
        uint256 c = contributions[msg.sender];
        if (c > 0) {
            if (msg.sender.call.value(c)()) { //@finding(SWC-107)
                contributions[msg.sender] = 0;
            }
        }
    }
}
