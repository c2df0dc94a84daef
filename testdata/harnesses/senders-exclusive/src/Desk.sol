// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A desk any account may ping (it calls out), and that notes any caller
// other than its clerk.
contract Desk {
    address public immutable clerk;
    bool public intruded;

    constructor(address clerk_) {
        clerk = clerk_;
    }

    function serve() external {
        if (msg.sender != clerk) intruded = true;
    }

    function ping(address to) external {
        (bool ok,) = to.call("");
        ok;
    }
}
