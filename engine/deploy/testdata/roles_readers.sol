// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A provider owned by the deployer that says who the admin is, a
// configurator that stores no owner but asks the provider (Aave's
// configurator and getPoolAdmin()), and a vault that asks no one. The
// configurator's code is meant for the privileged as the provider's is;
// the vault's transactions are the users'.
interface IProvider {
    function getAdmin() external view returns (address);
}

contract Provider is IProvider {
    address public owner = msg.sender;
    address internal admin;

    function getAdmin() external view returns (address) {
        return admin;
    }

    function setAdmin(address a) external {
        require(msg.sender == owner);
        admin = a;
    }
}

contract Configurator {
    IProvider public immutable provider;

    constructor(IProvider p) {
        provider = p;
    }

    function configure(uint256) external view {
        require(msg.sender == provider.getAdmin());
    }
}

contract Vault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }
}
