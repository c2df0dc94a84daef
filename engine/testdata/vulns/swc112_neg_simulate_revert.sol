// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Simulate-and-revert (the multisig's StorageAccessible.simulateAndRevert):
// the caller picks the code to delegatecall, and the frame reverts with
// its result whatever that code did, so nothing it did is ever
// committed. Any sender may call it: no SWC-112.
contract Simulator {
    uint256 public nonce;

    function bump() external {
        nonce += 1;
    }

    function simulateAndRevert(address target, bytes memory data) external {
        assembly {
            let ok := delegatecall(gas(), target, add(data, 0x20), mload(data), 0, 0)
            mstore(0x00, ok)
            mstore(0x20, returndatasize())
            returndatacopy(0x40, 0, returndatasize())
            revert(0, add(returndatasize(), 0x40))
        }
    }
}
