// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A conjunction whose first condition only a copied argument passes (the
// answer stored by start) and whose second compares msg.value: after a
// mutant passes the first, its next mutants must keep the answer and vary
// the value (engine/fuzz/keep.go).
contract Quiz {
    bytes32 answer;
    uint256 public paid;

    function start(string calldata a) external {
        if (answer == 0) answer = keccak256(bytes(a));
    }

    function guess(string calldata a) external payable {
        if (answer == keccak256(bytes(a)) && msg.value == 0.1 ether) {
            paid += 1;
        }
    }
}
