// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// "Last caller wins": the leader can claim the pot once an hour has passed
// since the last ping. The payout hinges on a timestamp comparison. A sender
// calls ping() with >= 0.01 ether, time advances an hour, then claim().
contract LastCall {
    address public leader;
    uint256 public lastPing;

    function ping() external payable {
        require(msg.value >= 0.01 ether, "stake too small");
        leader = msg.sender;
        lastPing = block.timestamp;
    }

    function claim() external {
        require(msg.sender == leader, "not the leader");
        require(block.timestamp >= lastPing + 1 hours, "too early"); //@finding(SWC-116)
        leader = address(0);
        payable(msg.sender).transfer(address(this).balance);
    }
}
