// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Safe twin of swc115_pos_wallet04.sol: authorisation by msg.sender, and
// the owner is the deployer.
contract OwnerWallet {
    address public owner;

    constructor() public {
        owner = msg.sender;
    }

    function deposit() public payable {}

    function transferTo(address dest, uint256 amount) public {
        require(msg.sender == owner);
        dest.transfer(amount);
    }
}
