// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Bank} from "../src/Bank.sol";

// A unit test with a setUp() but no invariants or targets: no harness, a
// skipped test file.
contract BankUnitTest is Test {
    Bank public bank;

    function setUp() public {
        bank = new Bank();
    }

    function test_deposit() public {
        bank.deposit{value: 1}();
        assertEq(bank.totalDeposits(), 1);
    }
}
