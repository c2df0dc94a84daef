// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An EIP-1967 proxy whose upgrade function lost its admin check: any
// sender replaces the implementation the deployer installed. The
// implementation slot is the evidence itself (privilege-takeover at
// upgradeTo); the proxy forwards nothing else, so no delegatecall to the
// stranger's address follows.
contract Proxy {
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    bytes32 private constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    constructor() {
        address impl = address(new Logic());
        assembly {
            sstore(IMPLEMENTATION_SLOT, impl)
            sstore(ADMIN_SLOT, caller())
        }
    }

    function implementation() external view returns (address impl) {
        assembly {
            impl := sload(IMPLEMENTATION_SLOT)
        }
    }

    function upgradeTo(address next) external { //@finding(privilege-takeover)
        require(next != address(0), "zero");
        assembly {
            sstore(IMPLEMENTATION_SLOT, next)
        }
    }
}

contract Logic {
    uint256 public x;
}
