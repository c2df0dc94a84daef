// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// A rolling hash that wraps on purpose (solc 0.4). The wrapped h is only
// returned, or hashed with keccak256 before being stored: never stored
// itself, used in a condition or sent.
contract Commitments {
    mapping(address => bytes32) public commitment;

    function fingerprint(uint256[] data) public pure returns (uint256 h) {
        for (uint256 i = 0; i < data.length; i++) {
            h = h * 31 + data[i];
        }
    }

    function commit(uint256[] data) public {
        commitment[msg.sender] = keccak256(abi.encodePacked(fingerprint(data)));
    }
}
