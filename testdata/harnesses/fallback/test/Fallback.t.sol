// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Bank} from "../src/Bank.sol";

// The bank's payable fallback takes ether it does not account: called with
// value, the books no longer balance. Bug.
contract FallbackTest {
    Bank public bank;

    function setUp() public {
        bank = new Bank();
    }

    function invariant_books() public view {
        require(address(bank).balance == bank.accounted(), "unaccounted ether");
    }
}
