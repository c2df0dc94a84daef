// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// OpenZeppelin Ownable's shape: the owner is set through an internal
// function and checked in another, owner() != _msgSender().
abstract contract Ownable {
    address private _owner;

    constructor(address initialOwner) {
        _transferOwnership(initialOwner);
    }

    modifier onlyOwner() {
        _checkOwner();
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function _checkOwner() internal view {
        require(owner() == _msgSender(), "not owner");
    }

    function _msgSender() internal view returns (address) {
        return msg.sender;
    }

    function _transferOwnership(address newOwner) internal {
        _owner = newOwner;
    }
}

contract Vault is Ownable {
    uint256 public cap;

    constructor(address initialOwner) Ownable(initialOwner) {}

    function setCap(uint256 c) external onlyOwner {
        cap = c;
    }
}
