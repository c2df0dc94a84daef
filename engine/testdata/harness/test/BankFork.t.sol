// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Bank} from "../src/Bank.sol";

// An invariant suite whose setUp() reverts: a harness named with its
// reason, not fuzzed.
contract BankForkTest is Test {
    Bank public bank;

    function setUp() public {
        bank = new Bank();
        revert("needs a mainnet fork");
    }

    function invariant_solvent() public view {
        require(address(bank).balance >= bank.totalDeposits(), "insolvent");
    }
}
