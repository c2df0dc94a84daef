// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of swc112_pos_proxy04.sol: implementation is set by the
// deployer in the constructor and upgradeTo() is owner-only, so no
// transaction input ever chooses the delegatecall target.
contract OwnedProxy {
    address public immutable owner;
    address public implementation;

    constructor(address impl) {
        owner = msg.sender;
        implementation = impl;
    }

    function upgradeTo(address newImplementation) external {
        require(msg.sender == owner, "not owner");
        implementation = newImplementation;
    }

    function forward(bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory ret) = implementation.delegatecall(data);
        require(ok, "forward failed");
        return ret;
    }
}
