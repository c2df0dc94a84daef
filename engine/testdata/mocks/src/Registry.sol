// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The project's abstract core: setKeeper lost its owner check. Only a
// test contract deploys it (mocks/helpers/TestRegistry.sol), and the
// missing check is still the project's own finding.
abstract contract Registry {
    address public owner;
    address public keeper;
    uint256 public fee;

    function setKeeper(address k) external {
        keeper = k;
    }

    function setFee(uint256 f) external {
        require(msg.sender == keeper || msg.sender == owner, "keeper");
        fee = f;
    }
}
