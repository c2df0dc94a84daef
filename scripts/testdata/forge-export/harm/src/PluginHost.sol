// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// SWC-112: execute() delegatecalls any plugin its caller names, so that
// code runs with the host's storage and ether.
contract PluginHost {
    uint256 public runs;

    function execute(address plugin, bytes calldata data) external returns (bytes memory) {
        runs += 1;
        (bool ok, bytes memory ret) = plugin.delegatecall(data);
        require(ok, "plugin failed");
        return ret;
    }
}
