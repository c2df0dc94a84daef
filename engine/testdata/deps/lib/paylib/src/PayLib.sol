// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A dependency in a Foundry library folder: pay sends ether and requires
// that the call succeeded.
library PayLib {
    function pay(address to, uint256 v) internal {
        (bool ok, ) = to.call{value: v}(""); //@via(SWC-107)
        require(ok, "pay failed");
    }
}
