// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Accepts tips (tip() and receive()) but has no way to send ether out: no
// transfer, send, call with value or selfdestruct. Tips are locked forever.
contract TipJar { //@finding(freezing-ether)
    uint256 public totalTips;
    mapping(address => uint256) public tipsFrom;

    event Tipped(address indexed from, uint256 amount);

    function tip() public payable {
        require(msg.value > 0, "no tip");
        totalTips += msg.value;
        tipsFrom[msg.sender] += msg.value;
        emit Tipped(msg.sender, msg.value);
    }

    receive() external payable {
        tip();
    }
}
