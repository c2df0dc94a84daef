// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A guard two privileged accounts open in turn: the owner (the deployer)
// arms it, the guardian (a role holder the deployment stored) unlocks
// it; then a user's poke(7) fails the assertion. The report names the
// deployer, a role holder and a user, and the role holder moves the
// deployer's principal index past the default layout's.
contract Gate {
    address public owner;
    address public guardian = 0x5AF1C2A3B4D5E6F70819203a4B5C6d7E8f901234;
    bool public armed;
    bool public open;

    constructor() {
        owner = msg.sender;
    }

    function arm() external {
        require(msg.sender == owner, "not the owner");
        armed = true;
    }

    function unlock() external {
        require(msg.sender == guardian && armed, "not the guardian");
        open = true;
    }

    function poke(uint256 x) external view {
        if (open) {
            assert(x != 7);
        }
    }
}
