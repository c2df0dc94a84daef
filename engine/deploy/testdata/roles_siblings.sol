// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Three contracts of one build: one owned by the deployer, one that
// grants a fixed account a key in curators, and a vault that names no
// one. Only the first two have code meant for a privileged sender: the
// vault's transactions are the users'.
contract Owned {
    address public owner = msg.sender;

    function setFee(uint256) external view {
        require(msg.sender == owner);
    }
}

contract Curated {
    address constant CURATOR = 0x4242424242424242424242424242424242424242;
    mapping(address => bool) public curators;

    constructor() {
        curators[CURATOR] = true;
    }

    function list(uint256) external view {
        require(curators[msg.sender]);
    }
}

contract Vault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }
}
