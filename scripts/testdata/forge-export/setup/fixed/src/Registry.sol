// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Registry.sol fixed (scripts/check-forge-export): a registration past the
// owner's cap is refused.
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
        require(count < cap);
        count += 1;
    }
}
