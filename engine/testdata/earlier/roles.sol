// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A role registry that compares a role's name by its hash: the fuzzer
// reaches the assertion only with the string literal "MINTER_ADMIN" of the
// source as the argument (TestValuesFromEarlierCalls: string literals join
// the dictionary).
contract Roles {
    mapping(address => bytes32) public roleOf;

    function claim(string calldata role) external {
        bytes32 h = keccak256(bytes(role));
        if (h == keccak256("MINTER_ADMIN")) {
            assert(roleOf[msg.sender] != 0);
        }
        roleOf[msg.sender] = h;
    }
}
