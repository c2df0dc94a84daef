// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An upgradeable vault behind an EIP-1967 proxy that keeps its owner in
// a namespaced storage location (ERC-7201, as OwnableUpgradeable does),
// far from the first slots. Its owner setter lost its check: any sender
// makes itself the owner, and setFee, which reverted for it, completes.
contract VaultProxy {
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(address logic, bytes memory data) {
        assembly {
            sstore(IMPLEMENTATION_SLOT, logic)
        }
        (bool ok, ) = logic.delegatecall(data);
        require(ok, "init");
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

contract Vault {
    /// @custom:storage-location erc7201:example.ownable
    struct OwnableStorage {
        address owner;
    }

    bytes32 private constant OWNABLE_LOCATION = 0x5f2b9c1d7e3a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a1b00;

    bool private initialized;
    uint256 public fee;

    modifier initializer() {
        require(!initialized, "initialized");
        initialized = true;
        _;
    }

    constructor() {
        initialized = true;
    }

    function _ownable() private pure returns (OwnableStorage storage $) {
        assembly {
            $.slot := OWNABLE_LOCATION
        }
    }

    function initialize() external initializer {
        _ownable().owner = msg.sender;
    }

    function owner() external view returns (address) {
        return _ownable().owner;
    }

    function transferOwnership(address next) external { //@finding(privilege-takeover)
        _ownable().owner = next;
    }

    function setFee(uint256 f) external {
        require(msg.sender == _ownable().owner, "not owner");
        require(f <= 1000, "fee");
        fee = f;
    }
}
