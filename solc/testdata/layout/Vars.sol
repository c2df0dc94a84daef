// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// State variables of a contract type, inherited and packed beside others:
// Exchange's storage layout names registry (slot 1) and pair (slot 3,
// offset 1, after a flag), not owner (an address) nor the mapping's
// values.
interface IRegistry {
    function allowed(address s) external view returns (bool);
}

contract Pair {
    uint256 public reserve;
}

contract Base {
    address public owner;
    IRegistry public registry;
}

contract Exchange is Base {
    uint256 public count;
    bool public open;
    Pair public pair;
    mapping(address => Pair) public pairs;
}
