// SPDX-License-Identifier: MIT
pragma solidity >=0.6.2 <0.9.0;
pragma experimental ABIEncoderV2;

import {Vm} from "./Vm.sol";

// A stand-in for forge-std's Test: the vm constant at the real cheatcode
// address (address(uint160(uint256(keccak256("hevm cheat code"))))) and
// the assertions Foresight's Foundry tests use, with forge-std's
// signatures.
abstract contract Test {
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    function assertTrue(bool condition, string memory err) internal pure virtual { require(condition, err); }
    function assertFalse(bool condition, string memory err) internal pure virtual { require(!condition, err); }
    function assertEq(uint256 left, uint256 right) internal pure virtual { require(left == right); }
    function assertEq(bytes memory left, bytes memory right) internal pure virtual { require(keccak256(left) == keccak256(right)); }
}
