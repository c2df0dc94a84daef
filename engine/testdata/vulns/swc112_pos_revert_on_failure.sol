// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc112_neg_simulate_revert.sol: the frame reverts
// only when the delegatecall failed, so code the sender chose that
// succeeds (an account with no code) commits in the contract's storage.
contract Executor {
    uint256 public nonce;

    function run(address target, bytes memory data) external {
        (bool ok, ) = target.delegatecall(data); //@finding(SWC-112)
        if (!ok) revert("failed");
        nonce += 1;
    }
}
