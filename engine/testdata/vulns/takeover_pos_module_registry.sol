// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A Zodiac-shaped modifier whose enableModule lost its owner check. The
// modules are a linked list (modules[SENTINEL] is the head), so at
// deployment no account holds an entry, not even the owner: any sender
// can enable any account as a module, which then executes through the
// avatar what reverted for it before. The owner's flag is in no mapping,
// so only an open role word (an empty entry) sees the grant.
contract ModuleGate {
    address internal constant SENTINEL = address(0x1);
    mapping(address => address) internal modules;
    address public owner;
    uint256 public executed;

    error NotAuthorized(address sender);
    error InvalidModule(address module);

    constructor() {
        owner = msg.sender;
        modules[SENTINEL] = SENTINEL;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    function enableModule(address module) external { //@finding(privilege-takeover)
        if (module == address(0) || module == SENTINEL) revert InvalidModule(module);
        require(modules[module] == address(0), "enabled");
        modules[module] = modules[SENTINEL];
        modules[SENTINEL] = module;
    }

    function disableModule(address prev, address module) external onlyOwner {
        require(modules[prev] == module, "not next");
        modules[prev] = modules[module];
        modules[module] = address(0);
    }

    function execFromModule(address to, uint256 value) external returns (bool) {
        if (modules[msg.sender] == address(0)) revert NotAuthorized(msg.sender);
        executed++;
        return to != address(0) || value == 0;
    }
}
