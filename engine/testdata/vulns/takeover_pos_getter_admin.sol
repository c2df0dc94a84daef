// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Aave v2's address provider with setPoolAdmin's onlyOwner left out: the
// configurator asks the provider for the pool admin and compares it with
// msg.sender, so the word that decides access is the provider's (an entry
// of its address mapping, zero at deployment) and no check of the
// provider's own compares it with CALLER. A stranger that names itself
// pool admin configures the reserves. The deployment initializes the
// configurator with the provider, as Aave's scripts do.
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

    function setPoolAdmin(address admin) external { //@finding(privilege-takeover)
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
