// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A wallet behind a proxy whose own variables share slots with the
// wallet's: the proxy's pendingAdmin (slot 0) is the wallet's owner. A
// proposal of a new proxy admin is open to anyone by design, but it
// writes slot 0, so any sender that proposes itself becomes the wallet's
// owner, and addToWhitelist, which reverted for it, then completes.
// Reported at proposeNewAdmin, the write that lacks a check.
contract WalletProxy {
    address public pendingAdmin;
    address public admin;
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(address logic, bytes memory data) {
        assembly {
            sstore(IMPLEMENTATION_SLOT, logic)
        }
        (bool ok, ) = logic.delegatecall(data);
        require(ok, "init");
        admin = msg.sender;
    }

    function proposeNewAdmin(address next) external { //@finding(privilege-takeover)
        pendingAdmin = next;
    }

    function approveNewAdmin(address expected) external {
        require(msg.sender == admin, "not admin");
        require(pendingAdmin == expected, "unexpected");
        admin = pendingAdmin;
    }

    fallback() external payable {
        assembly {
            let impl := sload(IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

contract Wallet {
    address public owner;
    // Slot 1 is the proxy's admin: nothing here writes it (a limit there
    // would hand any whitelisted sender the proxy's admin as well).
    address private reserved;
    uint256 public limit;
    bool private initialized;
    mapping(address => bool) public whitelisted;

    modifier initializer() {
        require(!initialized, "initialized");
        initialized = true;
        _;
    }

    constructor() {
        initialized = true;
    }

    function initialize(uint256 l) external initializer {
        owner = msg.sender;
        limit = l;
    }

    function addToWhitelist(address a) external {
        require(msg.sender == owner, "not owner");
        whitelisted[a] = true;
    }

    function setLimit(uint256 l) external {
        require(whitelisted[msg.sender], "not whitelisted");
        limit = l;
    }
}
