// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Price} from "../pricing/Price.sol";
contract Shop {
    function cost(uint256 n) external pure returns (uint256) { return n * Price.UNIT; }
}
