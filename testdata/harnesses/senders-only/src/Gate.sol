// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Only the keeper may turn the gate; its third turn breaks it.
contract Gate {
    address public immutable keeper;
    uint256 public turns;
    bool public broken;

    constructor(address keeper_) {
        keeper = keeper_;
    }

    function turn() external {
        require(msg.sender == keeper, "keeper only");
        turns += 1;
        if (turns == 3) broken = true;
    }
}
