// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Fixed: execute() delegatecalls only the plugin the deployer installed.
contract Plugin {
    function ping() external pure returns (uint256) {
        return 1;
    }
}

contract PluginHost {
    uint256 public runs;
    address public immutable trusted;

    constructor() {
        trusted = address(new Plugin());
    }

    function execute(address plugin, bytes calldata data) external returns (bytes memory) {
        require(plugin == trusted, "untrusted plugin");
        runs += 1;
        (bool ok, bytes memory ret) = plugin.delegatecall(data);
        require(ok, "plugin failed");
        return ret;
    }
}
