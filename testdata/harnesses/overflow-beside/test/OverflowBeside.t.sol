// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Ledger} from "../src/Ledger.sol";

// Every entry is at least 1, so the total is at least the entries, unless
// it wrapped: the transaction that wraps it breaks the invariant, and
// Foresight's own integer-wrap finding on that transaction must not hide
// it. Bug.
contract OverflowBesideTest {
    Ledger public ledger;

    function setUp() public {
        ledger = new Ledger();
    }

    function invariant_totalCoversEntries() public view {
        require(ledger.total() >= ledger.entries(), "wrapped");
    }
}
