// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// freezing-ether: tips come in, and nothing can send them out. The oracle
// reads solc's metadata as code too, so this text (revision 3) is one whose
// metadata hash has no byte that reads as a call.
contract TipJar {
    uint256 public totalTips;

    function tip() public payable {
        require(msg.value > 0, "no tip");
        totalTips += msg.value;
    }
}
