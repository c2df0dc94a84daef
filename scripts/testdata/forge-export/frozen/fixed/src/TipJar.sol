// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Fixed: the owner can take the tips out.
contract TipJar {
    uint256 public totalTips;
    address public immutable owner = msg.sender;

    function collect() external {
        require(msg.sender == owner, "not owner");
        payable(owner).transfer(address(this).balance);
    }

    function tip() public payable {
        require(msg.value > 0, "no tip");
        totalTips += msg.value;
    }
}
