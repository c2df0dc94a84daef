// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// takeover_pos_getter_admin.sol as Aave has it: only the provider's owner
// sets the pool admin, so no stranger changes the word the configurator's
// check reads through the provider's getter.
interface IProvider {
    function getPoolAdmin() external view returns (address);
}

contract Provider is IProvider {
    address public owner;
    mapping(bytes32 => address) private addresses;
    bytes32 private constant POOL_ADMIN = "POOL_ADMIN";

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function getPoolAdmin() external view override returns (address) {
        return addresses[POOL_ADMIN];
    }

    function setPoolAdmin(address admin) external onlyOwner {
        addresses[POOL_ADMIN] = admin;
    }

    function setAddress(bytes32 id, address a) external onlyOwner {
        addresses[id] = a;
    }
}

contract Configurator {
    IProvider internal provider;
    bool private initialized;
    uint256 public reserveFactor;

    modifier initializer() {
        require(!initialized, "initialized");
        initialized = true;
        _;
    }

    modifier onlyPoolAdmin() {
        require(provider.getPoolAdmin() == msg.sender, "caller not pool admin");
        _;
    }

    function initialize(IProvider p) external initializer {
        provider = p;
    }

    function setReserveFactor(uint256 f) external onlyPoolAdmin {
        reserveFactor = f;
    }
}
