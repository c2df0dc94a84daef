// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc112_neg_factory_init_base.sol: the factory
// creates and initializes InitProxy in one transaction, but OpenProxy,
// another proxy of the build with an initialize() of its own (the same
// name, not the same declaration, and it runs none the factory runs),
// is deployed uninitialized, so a stranger initializes it with code of its
// choosing, which initialize() delegatecalls at once.
contract Logic {
    uint256 public value;

    function set(uint256 v) external {
        value = v;
    }
}

contract InitProxy {
    address public implementation;

    function initialize(address impl) external {
        require(implementation == address(0), "initialized");
        require(impl != address(0), "zero");
        implementation = impl;
    }

    fallback() external {
        address impl = implementation;
        require(impl != address(0), "not initialized");
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

contract OpenProxy {
    address public implementation;

    function initialize(address impl, bytes memory data) external {
        require(implementation == address(0), "initialized");
        require(impl != address(0), "zero");
        implementation = impl;
        (bool ok, ) = impl.delegatecall(data); //@finding(SWC-112)
        require(ok, "init failed");
    }
}

contract ProxyFactory {
    address public immutable logic;

    constructor() {
        logic = address(new Logic());
    }

    function create() external returns (address) {
        InitProxy p = new InitProxy();
        p.initialize(logic);
        return address(p);
    }
}
