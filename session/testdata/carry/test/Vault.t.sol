// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Vault} from "../src/Vault.sol";

// VaultTest deploys the vault and checks it through its ABI only: a
// suite whose set-up Carry may carry to a new Vault.sol.
contract VaultTest {
    Vault public vault;

    function setUp() public payable {
        vault = new Vault();
    }

    function invariant_solvent() public view {
        vault.checkSolvency();
    }
}
