// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A library of the project's own (like solmate's SafeTransferLib): a
// finding inside it is reported at its caller's line.
library SafeSend {
    function sendAll(address to, uint256 v) internal {
        (bool ok, ) = to.call{value: v}(""); //@via(SWC-105)
        require(ok, "send failed");
    }
}
