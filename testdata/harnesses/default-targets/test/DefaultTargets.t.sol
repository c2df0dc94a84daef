// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Vault} from "../src/Vault.sol";

// No StdInvariant getter: the vault setUp() deployed is the target, from
// any sender. Withdrawing over 1000 shares takes off half of them from
// the total. Bug.
contract DefaultTargetsTest {
    Vault public vault;

    function setUp() public {
        vault = new Vault();
    }

    function invariant_totalIsShares() public view {
        require(vault.totalShares() == vault.deposited() - vault.withdrawn(), "total");
    }
}
