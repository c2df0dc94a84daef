// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Vault} from "../src/Vault.sol";

// An invariant test forge and Foresight both run (no test library: both
// read targetContracts() and invariant_* from the ABI).
contract VaultInvariants {
    Vault internal vault;

    function setUp() public {
        vault = new Vault();
    }

    function targetContracts() public view returns (address[] memory t) {
        t = new address[](1);
        t[0] = address(vault);
    }

    function invariant_notBroken() public view {
        require(!vault.broken(), "broken");
    }
}
