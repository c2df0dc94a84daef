// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {DSTest} from "ds-test/test.sol";
import {Ledger} from "../src/Ledger.sol";

// A dapptools-era suite: ds-test's assertEq does not revert, it records
// the failure, and forge reads failed() after the invariant. A debit of
// 500 or more leaves the total behind the balance. Bug.
contract DSTestAssertTest is DSTest {
    Ledger ledger;

    function setUp() public {
        ledger = new Ledger();
    }

    function invariant_totalFollows() public {
        assertEq(ledger.total(), ledger.balance());
    }
}
