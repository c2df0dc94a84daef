// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Math} from "@acme/math/Math.sol";
contract Counter {
    uint256 public n;
    function add(uint256 a, uint256 b) external { n = Math.max(a, b) + n * 3 + 7; }
}
