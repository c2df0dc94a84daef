// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A bank behind an ERC-1967 proxy, as deployment scripts ship it: the
// implementation disables its initializers in its constructor, so alone
// it has no owner and every call reverts; the proxy's constructor
// initializes the proxy's storage. withdraw pays without debiting, a bug
// reached only by calling the bank's ABI at the proxy's address.
abstract contract Initializable {
    uint8 private _initialized;

    modifier initializer() {
        require(_initialized == 0, "already initialized");
        _initialized = 1;
        _;
    }

    function _disableInitializers() internal {
        _initialized = type(uint8).max;
    }
}

contract Bank is Initializable {
    address public owner;
    uint256 public cap;
    mapping(address => uint256) public balances;

    constructor() {
        _disableInitializers();
    }

    function initialize(address initialOwner, uint256 depositCap) external initializer {
        owner = initialOwner;
        cap = depositCap;
    }

    function deposit() external payable {
        require(cap != 0, "not initialized");
        require(msg.value <= cap, "over the cap");
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(cap != 0, "not initialized");
        require(balances[msg.sender] >= amount, "balance");
        (bool ok, ) = payable(msg.sender).call{value: amount}(""); //@finding(SWC-105)
        require(ok, "send failed");
    }
}

contract BankProxy {
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
