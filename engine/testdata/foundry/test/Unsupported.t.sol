// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Token} from "../src/Token.sol";

// setUp() uses a cheatcode Foresight does not implement: the contract is
// reported as not fuzzed, with the reason, and nothing is judged.
contract UnsupportedTest is Test {
    Token public token;

    function setUp() public {
        token = new Token(address(this));
        string[] memory cmd = new string[](1);
        cmd[0] = "true";
        vm.ffi(cmd);
    }

    function invariant_never() public pure returns (bool) {
        return false;
    }
}
