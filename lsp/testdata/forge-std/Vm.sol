// SPDX-License-Identifier: MIT
pragma solidity >=0.6.2 <0.9.0;
pragma experimental ABIEncoderV2;

// A subset of forge-std's Vm interface (src/Vm.sol), with its exact
// signatures: the cheatcodes Foresight's Foundry tests use.
interface Vm {
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function prank(address msgSender, address txOrigin) external;
    function roll(uint256 newHeight) external;
    function warp(uint256 newTimestamp) external;
    function deal(address account, uint256 newBalance) external;
    function getCode(string calldata artifactPath) external view returns (bytes memory creationBytecode);
}
