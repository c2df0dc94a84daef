// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./Lib.sol";

// Compiled by solc 0.8: links the MathLib of its own build.
contract NewCounter {
    uint256 public count;

    function bump(uint256 x) external {
        count += MathLib.twice(x);
        assert(count != 80);
    }
}
