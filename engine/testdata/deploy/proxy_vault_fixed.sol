// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A vault behind a minimal ERC-1967 proxy, with its state in namespaced
// storage as OpenZeppelin 5 keeps it (no owner in the first slots). The
// implementation disables its initializers; the proxy's constructor names
// the deployer owner, who alone may pause the vault. withdraw debits
// before it pays: the fixed twin of proxy_vault.sol, with no finding.
abstract contract Initializable {
    // keccak256(abi.encode(uint256(keccak256("openzeppelin.storage.Initializable")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant INITIALIZABLE = 0xf0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00;

    modifier initializer() {
        uint256 initialized;
        assembly {
            initialized := sload(INITIALIZABLE)
        }
        require(initialized == 0, "already initialized");
        assembly {
            sstore(INITIALIZABLE, 1)
        }
        _;
    }

    function _disableInitializers() internal {
        assembly {
            sstore(INITIALIZABLE, 0xff)
        }
    }
}

contract Vault is Initializable {
    /// @custom:storage-location erc7201:foresight.vault
    struct VaultStorage {
        address owner;
        bool paused;
        mapping(address => uint256) balances;
    }

    // keccak256(abi.encode(uint256(keccak256("foresight.vault")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant STORAGE = 0x6d9a5d0bc34b6a8bde9e7bf8cbdfd2e8b79b4b0dbd1a4cc0a7e1d17a1f1b3c00;

    function _s() private pure returns (VaultStorage storage $) {
        assembly {
            $.slot := STORAGE
        }
    }

    constructor() {
        _disableInitializers();
    }

    function initialize(address initialOwner) external initializer {
        _s().owner = initialOwner;
    }

    function setPaused(bool paused) external {
        VaultStorage storage $ = _s();
        require(msg.sender == $.owner, "not owner");
        $.paused = paused;
    }

    function deposit() external payable {
        VaultStorage storage $ = _s();
        require($.owner != address(0), "not initialized");
        require(!$.paused, "paused");
        $.balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        VaultStorage storage $ = _s();
        require($.owner != address(0), "not initialized");
        require(!$.paused, "paused");
        require($.balances[msg.sender] >= amount, "balance");
        $.balances[msg.sender] -= amount;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "send failed");
    }
}

contract VaultProxy {
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(address implementation, bytes memory data) payable {
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
        if (data.length > 0) {
            (bool ok, ) = implementation.delegatecall(data);
            require(ok, "initialization failed");
        }
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
