// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Bank} from "../src/Bank.sol";

// The invariant suite: the bank holds at least what it owes.
contract BankInvariantTest is Test {
    Bank public bank;

    function setUp() public {
        bank = new Bank();
        targetContract(address(bank));
    }

    function invariant_solvent() public view { //@finding(invariant)
        require(address(bank).balance >= bank.totalDeposits(), "insolvent");
    }
}
