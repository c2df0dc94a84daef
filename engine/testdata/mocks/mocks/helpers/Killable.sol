// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A test helper: its unguarded selfdestruct is real, but it is no part of
// the project's contracts.
contract Killable {
    uint256 public pings;

    function ping() external {
        pings += 1;
    }

    function kill() external {
        selfdestruct(payable(address(0xdead)));
    }
}
