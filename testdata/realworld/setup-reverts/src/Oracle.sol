// SPDX-License-Identifier: MIT
pragma solidity ^0.8.4;

contract Oracle {
    error StalePrice(uint256 updatedAt, uint256 maxAge);

    uint256 public updatedAt;

    function price() external view returns (uint256) {
        if (block.timestamp > updatedAt + 1 hours) revert StalePrice(updatedAt, 1 hours);
        return 1e18;
    }
}
