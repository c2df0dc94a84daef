// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {DSTest} from "ds-test/test.sol";
import {Tally} from "../src/Tally.sol";

interface Hevm {
    function warp(uint256) external;
}

contract TallyTest is DSTest {
    Hevm internal constant vm = Hevm(HEVM_ADDRESS);
    Tally public tally;

    function setUp() public {
        vm.warp(1_800_000_000);
        tally = new Tally(7);
    }
}
