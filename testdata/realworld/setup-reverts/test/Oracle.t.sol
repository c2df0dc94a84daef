// SPDX-License-Identifier: MIT
pragma solidity ^0.8.4;

import "forge-std/Test.sol";

import {Oracle} from "../src/Oracle.sol";

// setUp() reads a price that was never posted: it reverts under forge
// too, and nothing can be fuzzed.
contract OracleInvariants is Test {
    Oracle internal oracle;
    uint256 internal p;

    function setUp() public {
        oracle = new Oracle();
        vm.warp(2 hours);
        p = oracle.price();
    }

    function invariant_price() public view {
        require(p == 1e18, "price");
    }
}
