// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An AccessControl-shaped registry whose grantRole lost its admin check:
// the deployer holds the admin role (the zero role) and the operator
// role, and any sender can grant itself either, then set the rate, which
// reverted for it before. The entry is keyed by grantRole's argument, a
// grant any sender could make to anyone (unlike a registration of the
// sender's own entry, takeover_neg_open_slots.sol).
contract RateRegistry {
    bytes32 public constant DEFAULT_ADMIN_ROLE = 0x00;
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");

    mapping(bytes32 => mapping(address => bool)) private _roles;
    uint256 public rate;

    constructor() {
        _roles[DEFAULT_ADMIN_ROLE][msg.sender] = true;
        _roles[OPERATOR_ROLE][msg.sender] = true;
    }

    modifier onlyRole(bytes32 role) {
        require(_roles[role][msg.sender], "missing role");
        _;
    }

    function hasRole(bytes32 role, address account) external view returns (bool) {
        return _roles[role][account];
    }

    function grantRole(bytes32 role, address account) external { //@finding(privilege-takeover)
        _roles[role][account] = true;
    }

    function revokeRole(bytes32 role, address account) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _roles[role][account] = false;
    }

    function setRate(uint256 r) external onlyRole(OPERATOR_ROLE) {
        require(r <= 1e18, "rate");
        rate = r;
    }
}
