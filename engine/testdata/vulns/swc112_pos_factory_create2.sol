// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc112_neg_factory_create2.sol: ProxyFactory's
// deploy() creates InitializableUpgradeabilityProxy through the same
// CREATE2 helper but leaves initialize() to a later transaction, so a
// stranger can initialize a proxy the project deployed with code of its
// choosing, which initialize() delegatecalls at once: SWC-112. (The
// build's AdminInitProxy is still created and initialized in one
// transaction by deployWithAdmin(): no finding there.)
contract Logic {
    uint256 public value;

    function set(uint256 v) external {
        value = v;
    }
}

contract InitializableUpgradeabilityProxy {
    // keccak256("eip1967.proxy.implementation") - 1
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    function initialize(address logic, bytes memory data) public {
        require(_implementation() == address(0), "initialized");
        require(logic.code.length > 0, "not a contract");
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            sstore(slot, logic)
        }
        if (data.length > 0) {
            (bool ok, ) = logic.delegatecall(data); //@finding(SWC-112)
            require(ok, "init failed");
        }
    }

    fallback() external {
        address impl = _implementation();
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

    function _implementation() internal view returns (address impl) {
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            impl := sload(slot)
        }
    }
}

contract AdminInitProxy {
    address public admin;
    address public implementation;

    function initialize(address admin_, address logic, bytes memory data) external {
        require(implementation == address(0), "initialized");
        require(logic.code.length > 0, "not a contract");
        admin = admin_;
        implementation = logic;
        (bool ok, ) = logic.delegatecall(data);
        require(ok, "init failed");
    }
}

contract ProxyFactory {
    address public immutable logic;

    event ProxyCreated(address proxy);

    constructor() {
        logic = address(new Logic());
    }

    function deploy(uint256 salt) external returns (address) {
        InitializableUpgradeabilityProxy proxy = _createProxy(salt, msg.sender);
        emit ProxyCreated(address(proxy));
        return address(proxy); // initialized later, by anyone
    }

    function deployWithAdmin(uint256 salt, bytes memory data) external returns (address addr) {
        addr = address(new AdminInitProxy{salt: bytes32(salt)}());
        AdminInitProxy(addr).initialize(msg.sender, logic, data);
    }

    function _createProxy(uint256 salt, address sender) internal returns (InitializableUpgradeabilityProxy) {
        bytes memory code = type(InitializableUpgradeabilityProxy).creationCode;
        bytes32 s = keccak256(abi.encodePacked(salt, sender));
        address addr;
        assembly {
            addr := create2(0, add(code, 0x20), mload(code), s)
            if iszero(extcodesize(addr)) {
                revert(0, 0)
            }
        }
        return InitializableUpgradeabilityProxy(addr);
    }
}
