// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The twin of initializer.sol whose initializer nothing guards: anyone
// may call it again after deployment, pick the implementation and the
// owner, and take the ether: those are findings, initialized or not.
abstract contract Initializable {
    bool private _initialized;

    modifier initializer() {
        require(!_initialized, "already initialized");
        _initialized = true;
        _;
    }
}

contract UpgradeableWallet is Initializable {
    address public owner;
    address public implementation;

    function initialize(address initialOwner, address impl, bytes calldata data) external {
        owner = initialOwner;
        implementation = impl;
        if (data.length > 0) {
            (bool ok, ) = impl.delegatecall(data); //@finding(SWC-112)
            require(ok, "init call failed");
        }
    }

    function withdraw(uint256 amount) external {
        require(msg.sender == owner, "not owner");
        payable(msg.sender).transfer(amount); //@finding(SWC-105)
    }

    receive() external payable {}
}
