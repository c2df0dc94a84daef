// SPDX-License-Identifier: MIT
pragma solidity ^0.8.4;

import {Test} from "forge-std/Test.sol";

// The revert shapes a failing setUp() can end with; the runner must say
// which, as forge does.

contract Owned {
    error Unauthorized(address caller, uint256 need);

    address public owner = msg.sender;

    function guarded() external view {
        if (msg.sender != owner) revert Unauthorized(msg.sender, 7);
    }
}

// A custom error declared by a contract the set-up calls, bubbled up.
contract CustomErrorTest is Test {
    function setUp() public {
        Owned o = new Owned();
        vm.prank(address(0xBEEF));
        o.guarded();
    }
}

// A custom error the test contract declares itself, with a string.
contract OwnErrorTest is Test {
    error NotReady(string why);

    function setUp() public pure {
        revert NotReady("no oracle");
    }
}

// A checked subtraction below zero: Panic(0x11).
contract PanicTest is Test {
    uint256 public x;

    function setUp() public {
        x = x - 1;
    }
}

// Revert data no ABI of the build names.
contract RawRevertTest is Test {
    function setUp() public pure {
        assembly {
            mstore(0, 0xdeadbeef00000000000000000000000000000000000000000000000000000000)
            revert(0, 4)
        }
    }
}
