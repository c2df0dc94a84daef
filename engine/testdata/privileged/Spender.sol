// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A pool whose view function loops as long as gas lasts, so it takes most
// of the campaign's time, and a function that always reverts with a
// custom error, so it never completes and is not counted as fuzzed.
contract Spender {
    error Closed();

    uint256 public total;

    function deposit(uint256 amount) external {
        require(amount < 1e30, "too much");
        total += amount;
    }

    function spin() external view returns (uint256 i) {
        while (gasleft() > 0) {
            i += total + 1;
        }
    }

    function close() external pure {
        revert Closed();
    }
}
