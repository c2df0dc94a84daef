// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A 0.8 file beside the 0.7.6 ones: it imports none of them, so it is
// compiled by a compiler of its own.
contract FeeSplitter {
    mapping(address => uint256) public owed;

    function pay(address a, address b) external payable {
        owed[a] += msg.value / 2;
        owed[b] += msg.value - msg.value / 2;
    }

    function claim() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        (bool ok,) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
    }
}
