// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Vault {
    uint256 public stage;
    bool public broken;

    function open(uint256 code) external {
        if (code == 0xC0FFEE) stage = 1;
    }

    function turn(uint256 dial) external {
        if (stage == 1 && dial == 4242) stage = 2;
    }

    function pull() external {
        if (stage == 2) broken = true;
    }
}
