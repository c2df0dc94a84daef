// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Same rolling hash in 0.8, stored: the wrap is explicit (unchecked) and
// intended. SWC-101 is only for code compiled with solc < 0.8, and nothing
// here can panic (count += 1 cannot realistically overflow).
contract Checksum {
    uint256 public checksum;
    uint256 public count;

    function add(uint256 v) external {
        unchecked {
            checksum = checksum * 31 + v;
        }
        count += 1;
    }
}
