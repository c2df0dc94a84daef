// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Vault} from "../src/Vault.sol";

// Shaped as an exported reproducer (engine/foundry/test.go): listed by
// foresight/testItems under reproducers, by its test functions.
contract Foresight_Vault_assert_failure_Test is Test {
    function test_checkSolvency_assert_failure_2() public {
        Vault vault = new Vault();
        vault.checkSolvency();
    }
}
