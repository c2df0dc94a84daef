// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Vault} from "../src/Vault.sol";

// An invariant suite whose invariant breaks after any deposit: running it
// (foresight.fuzzFile with "wait") answers the failure and its sequence.
contract DrainedTest is Test {
    Vault public vault;

    function setUp() public {
        vault = new Vault();
        targetContract(address(vault));
    }

    function invariant_noDeposits() public view returns (bool) {
        return vault.totalDeposits() == 0;
    }

    function invariant_alwaysHolds() public pure returns (bool) {
        return true;
    }
}
