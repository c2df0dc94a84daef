// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// swc112_neg_factory_init.sol as a lending protocol's proxies are laid
// out: the factory creates AdminProxy and initializes it in the same
// transaction through initialize(), which AdminProxy inherits from the
// concrete InitProxy; InitAdminProxy, another concrete proxy of the same
// family, has an initializer overload that sets an admin and runs
// InitProxy's. The build creates neither InitProxy nor InitAdminProxy on
// its own: fuzzed alone, a stranger initializing either runs the very
// declaration the factory runs at creation, which is deployment, not an
// attack: no SWC-112.
contract Logic {
    uint256 public value;

    function set(uint256 v) external {
        value = v;
    }
}

contract InitProxy {
    address public implementation;

    function initialize(address impl, bytes memory data) public {
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

contract AdminProxy is InitProxy {
    address public immutable admin;

    constructor(address admin_) {
        admin = admin_;
    }

    function upgradeToAndCall(address impl, bytes calldata data) external {
        require(msg.sender == admin, "admin");
        implementation = impl;
        (bool ok, ) = impl.delegatecall(data);
        require(ok, "call failed");
    }
}

contract InitAdminProxy is InitProxy {
    address public admin;

    function initialize(address impl, address admin_, bytes memory data) public {
        require(implementation == address(0), "initialized");
        InitProxy.initialize(impl, data);
        admin = admin_;
    }

    function upgradeToAndCall(address impl, bytes calldata data) external {
        require(msg.sender == admin, "admin");
        implementation = impl;
        (bool ok, ) = impl.delegatecall(data);
        require(ok, "call failed");
    }
}

contract ProxyFactory {
    address public immutable logic;
    address[] public proxies;

    constructor() {
        logic = address(new Logic());
    }

    function create() external returns (address) {
        AdminProxy p = new AdminProxy(address(this));
        p.initialize(logic, "");
        proxies.push(address(p));
        return address(p);
    }
}
