// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A "plugin executor" that delegatecalls any target the caller names: the
// callee's code runs with this contract's storage and balance. Any sender
// calls execute(anyAddress, data).
contract PluginHost {
    uint256 public runs;

    function execute(address plugin, bytes calldata data) external returns (bytes memory) {
        runs += 1;
        (bool ok, bytes memory ret) = plugin.delegatecall(data); //@finding(SWC-112)
        require(ok, "plugin failed");
        return ret;
    }
}
