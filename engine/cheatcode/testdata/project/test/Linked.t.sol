// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";

library Twice {
    function twice(uint256 x) external pure returns (uint256) {
        return 2 * x;
    }
}

// A test contract that links a library: the runner deploys the library
// first and links its address.
contract LinkedTest is Test {
    uint256 public value;

    function setUp() public {
        value = Twice.twice(21);
        require(value == 42, "library");
    }
}
