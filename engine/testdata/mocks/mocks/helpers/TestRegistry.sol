// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Registry} from "../../src/Registry.sol";

// A test helper that only makes the abstract Registry deployable.
contract TestRegistry is Registry {
    constructor() {
        owner = msg.sender;
        keeper = msg.sender;
    }
}
