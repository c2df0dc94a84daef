// SPDX-License-Identifier: MIT
pragma solidity ^0.8.13;

import {Test} from "forge-std/Test.sol";

// Big leaves 30,000 bytes of runtime code (STOPs), past EIP-170's limit.
contract Big {
    constructor() {
        assembly {
            return(0, 30000)
        }
    }
}

// setUp() news three: each over 24 KiB, and together past a fuzzing
// transaction's 12M gas (30,000 bytes cost 6M of code deposit each), as
// forge runs with its default gas_limit of 2^30.
contract BigSetUpTest is Test {
    Big[3] public bigs;

    function setUp() public {
        for (uint256 i; i < 3; i++) {
            bigs[i] = new Big();
        }
    }

    function invariant_sizes() public view {
        for (uint256 i; i < 3; i++) {
            require(address(bigs[i]).code.length == 30000, "small");
        }
    }
}
