// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Registry} from "../src/Registry.sol";

contract RegistryTest is Test {
    Registry public registry;

    function setUp() public {
        vm.warp(1_800_000_000);
        registry = new Registry(address(this), 5);
    }
}
