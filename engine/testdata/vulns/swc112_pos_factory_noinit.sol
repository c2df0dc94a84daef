// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc112_neg_factory_init.sol: the factory creates
// each proxy but leaves initialize() to a later transaction, so a
// stranger can initialize a proxy first with code of its choosing, which
// initialize() delegatecalls at once.
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
            (bool ok, ) = impl.delegatecall(data); //@finding(SWC-112)
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
    address[] public proxies;

    function create() external returns (address) {
        InitProxy p = new InitProxy(address(this));
        proxies.push(address(p));
        return address(p);
    }
}
