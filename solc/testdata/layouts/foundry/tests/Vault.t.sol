// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Vault} from "../src/Vault.sol";
contract VaultTest { Vault v; }
