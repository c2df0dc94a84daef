// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A fixed account the code compares with but never stores, and a large
// amount in slot 0: neither is a role the deployment granted.
contract Unstored {
    address constant GUARD = 0x4242424242424242424242424242424242424242;
    uint256 public supply = 2 ** 150;

    function poke() external view returns (bool) {
        return msg.sender == GUARD;
    }
}
