// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Deployed by test/Registry.t.sol's setUp() with an owner and a fee; a
// registration past the owner's cap breaks the assertion.
contract Registry {
    address public owner;
    uint256 public fee;
    uint256 public cap = 3;
    uint256 public count;

    constructor(address owner_, uint256 fee_) {
        owner = owner_;
        fee = fee_;
    }

    function register(uint256 paid) external {
        require(paid >= fee);
        count += 1;
        assert(count <= cap);
    }
}
