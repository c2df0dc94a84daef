// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A UUPS vault behind an ERC-1967 proxy, minimal copies of OpenZeppelin's.
// The implementation does not disable its initializers, so today anyone
// who initializes it first owns it and can upgrade it to code of their
// choice (a delegatecall to their address). Deployment scripts initialize
// it, and deploy the proxy pointing at it with initialize's calldata, in
// the deployment: the deployer owns both, and a stranger's initialize
// reverts. No finding.
abstract contract Initializable {
    bool private _initialized;

    modifier initializer() {
        require(!_initialized, "already initialized");
        _initialized = true;
        _;
    }
}

contract VaultV1 is Initializable {
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    address public owner;

    function initialize(address initialOwner) external initializer {
        owner = initialOwner;
    }

    function upgradeToAndCall(address newImplementation, bytes calldata data) external {
        require(msg.sender == owner, "not owner");
        assembly {
            sstore(IMPLEMENTATION_SLOT, newImplementation)
        }
        if (data.length > 0) {
            (bool ok, ) = newImplementation.delegatecall(data);
            require(ok, "upgrade call failed");
        }
    }

    function withdraw(uint256 amount) external {
        require(msg.sender == owner, "not owner");
        payable(msg.sender).transfer(amount);
    }

    receive() external payable {}
}

contract ERC1967Proxy {
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(address implementation, bytes memory _data) payable {
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
        if (_data.length > 0) {
            (bool ok, ) = implementation.delegatecall(_data);
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
