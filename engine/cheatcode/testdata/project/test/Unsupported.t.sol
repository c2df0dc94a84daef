// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";

// setUp() calls a cheatcode Foresight does not implement, and catches the
// revert: the runner must still name it.
contract UnsupportedTest is Test {
    function setUp() public {
        string[] memory cmd = new string[](1);
        cmd[0] = "true";
        try vm.ffi(cmd) returns (bytes memory) {} catch {}
    }
}

// setUp() calls a selector that is no cheatcode at all.
contract UnknownTest is Test {
    function setUp() public {
        (bool ok,) = address(vm).call(abi.encodeWithSignature("noSuchCheat(uint256)", 1));
        require(!ok, "unknown cheatcode succeeded");
    }
}

// setUp() fails a check: the runner reports its message.
contract FailingTest is Test {
    function setUp() public {
        require(block.number == 999, "wrong block");
    }
}
