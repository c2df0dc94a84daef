// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A Timelock-shaped AccessControl (Yield's utils-v2): roles are bytes4
// keys of a mapping of structs whose members mapping is nested, and the
// admin role ROOT is held by the contract itself, no account, so every
// account's ROOT entry is empty at deployment (an open role word).
// grantRole lost its admin check: any sender grants any account ROOT.
// grantRoles keeps the check per role; a stranger passes it only with the
// ROOT an earlier stranger's grantRole gave it in the same sequence, a
// follow-on of the one missing check, not a second one.
contract Bytes4Timelock {
    struct RoleData {
        mapping(address => bool) members;
        bytes4 adminRole;
    }

    mapping(bytes4 => RoleData) private _roles;
    uint32 public delay;

    bytes4 public constant ROOT = 0x00000000;
    bytes4 public constant LOCK = 0xFFFFFFFF;

    constructor() {
        _roles[ROOT].members[address(this)] = true;
        _roles[LOCK].adminRole = LOCK;
    }

    modifier auth() {
        require(_roles[msg.sig].members[msg.sender], "Access denied");
        _;
    }

    modifier admin(bytes4 role) {
        require(_roles[_roles[role].adminRole].members[msg.sender], "Only admin");
        _;
    }

    function hasRole(bytes4 role, address account) external view returns (bool) {
        return _roles[role].members[account];
    }

    function grantRole(bytes4 role, address account) external { //@finding(privilege-takeover)
        _roles[role].members[account] = true;
    }

    function grantRoles(bytes4[] memory roles, address account) external {
        for (uint256 i = 0; i < roles.length; i++) {
            require(_roles[_roles[roles[i]].adminRole].members[msg.sender], "Only admin");
            _roles[roles[i]].members[account] = true;
        }
    }

    function lockRole(bytes4 role) external admin(role) {
        _roles[role].adminRole = LOCK;
    }

    function revokeRole(bytes4 role, address account) external admin(role) {
        _roles[role].members[account] = false;
    }

    function setDelay(uint32 d) external auth {
        require(d <= 30 days, "delay");
        delay = d;
    }
}
