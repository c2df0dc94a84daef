// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// A uint8 level (solc 0.4) with no bound: train(200) then train(100), or any
// two calls whose points sum to 256 or more, wraps the stored level.
contract Leveling {
    mapping(address => uint8) public level;

    function train(uint8 points) public {
        level[msg.sender] += points; //@finding(SWC-101)
    }

    function isMaster(address who) public view returns (bool) {
        return level[who] >= 200;
    }
}
