// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The owner sets a limit; counting past it breaks an assertion, and an
// invariant_ function reverts once the count is odd and over ten.
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
        count += by;
        assert(count <= limit);
    }

    function invariant_even() external view {
        require(count <= 10 || count % 2 == 0);
    }
}
