// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Deposits are accounted; ether sent to the payable fallback is not.
contract Bank {
    uint256 public accounted;

    function deposit() external payable {
        accounted += msg.value;
    }

    fallback() external payable {}
}
