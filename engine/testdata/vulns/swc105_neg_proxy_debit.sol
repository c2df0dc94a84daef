// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An ether vault behind an EIP-1967 proxy that initializes it (a deposit
// cap); the implementation serves only
// through a proxy (OpenZeppelin's onlyProxy shape). Its withdraw checks
// the caller's balance and debits it: a depositor gets back what it put
// in, however it splits its withdrawals (swc105_pos_proxy_no_debit.sol
// without its bug). The proxy's payable deposit hands the implementation
// its msg.value without moving any: no payout to the implementation.
contract VaultImpl {
    address private immutable self = address(this);
    bool private initialized;
    uint256 public cap;
    mapping(address => uint256) public balances;

    modifier initializer() {
        require(!initialized, "initialized");
        initialized = true;
        _;
    }

    function initialize(uint256 cap_) external initializer {
        cap = cap_;
    }

    modifier onlyProxy() {
        require(address(this) != self, "direct call");
        _;
    }

    function deposit() external payable onlyProxy {
        require(balances[msg.sender] + msg.value <= cap, "over cap");
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external onlyProxy {
        require(balances[msg.sender] >= amount, "balance");
        balances[msg.sender] -= amount;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "transfer");
    }
}

contract VaultProxy {
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(address implementation, bytes memory data) payable {
        require(implementation.code.length > 0, "not a contract");
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
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }
}
