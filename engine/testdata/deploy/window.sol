// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A crowdsale that sells only between two times its constructor takes
// (the opening no earlier than the deployment, the closing after the
// opening), like the 0.4-era OpenZeppelin crowdsales. Any opening ahead
// of the deployment passes the constructor, but one decades ahead never
// opens within the campaign's time steps: the deployment search puts the
// window near the chain's clock, and the bug is only reachable inside it.
contract WindowSale { //@finding(freezing-ether): no function sends the raised ether out
    uint256 public startTime;
    uint256 public endTime;
    uint256 public raised;

    constructor(uint256 _startTime, uint256 _endTime) {
        require(_startTime >= block.timestamp);
        require(_endTime >= _startTime);
        startTime = _startTime;
        endTime = _endTime;
    }

    function buyTokens() external payable {
        require(block.timestamp >= startTime && block.timestamp <= endTime);
        require(msg.value > 0);
        raised += msg.value;
        assert(raised < 3 ether); //@finding(assert-failure)
    }
}
