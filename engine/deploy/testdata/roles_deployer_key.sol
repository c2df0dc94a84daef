// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The deployer is an admin as a mapping key only, past the first slots'
// values: code meant for it all the same.
contract DeployerKey {
    uint256[20] private gap;
    mapping(address => bool) public admins;

    constructor() {
        admins[msg.sender] = true;
    }

    function configure() external view returns (bool) {
        return admins[msg.sender];
    }
}
