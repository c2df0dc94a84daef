// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A proxy whose initialize() anyone could call first, but the only way
// the system makes one is ProxyFactory.create(), which creates and
// initializes each proxy in one transaction (a lending protocol's
// addresses provider): nobody else ever initializes a proxy. Fuzzed on
// its own, a stranger initializing InitProxy is deployment, not an
// attack: no SWC-112.
contract Logic {
    uint256 public value;

    function set(uint256 v) external {
        value = v;
    }
}

contract InitProxy {
    address public immutable admin;
    address public implementation;

    constructor(address admin_) {
        admin = admin_;
    }

    function initialize(address impl, bytes memory data) external {
        require(implementation == address(0), "initialized");
        require(impl != address(0), "zero");
        implementation = impl;
        if (data.length > 0) {
            (bool ok, ) = impl.delegatecall(data);
            require(ok, "init failed");
        }
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

contract ProxyFactory {
    address public immutable logic;
    address[] public proxies;

    constructor() {
        logic = address(new Logic());
    }

    function create() external returns (address) {
        InitProxy p = new InitProxy(address(this));
        p.initialize(logic, "");
        proxies.push(address(p));
        return address(p);
    }
}
