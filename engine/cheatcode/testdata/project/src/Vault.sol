// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Token} from "./Token.sol";

// A vault of Token shares, locked for a day after each deposit.
contract Vault {
    error NotOwner(address caller);

    Token public immutable token;
    address public owner;
    uint256 public fee; // slot 1
    uint256 public totalShares;
    mapping(address => uint256) public shares;
    mapping(address => uint256) public unlocksAt;
    address public lastOrigin;
    uint256 public lastBlock;

    constructor(Token token_) {
        token = token_;
        owner = msg.sender;
    }

    function deposit(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "vault: transfer");
        shares[msg.sender] += amount;
        totalShares += amount;
        unlocksAt[msg.sender] = block.timestamp + 1 days;
        lastBlock = block.number;
    }

    function withdraw(uint256 amount) external {
        require(block.timestamp >= unlocksAt[msg.sender], "vault: locked");
        shares[msg.sender] -= amount;
        totalShares -= amount;
        require(token.transfer(msg.sender, amount), "vault: transfer");
    }

    function setFee(uint256 fee_) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        fee = fee_;
    }

    function touchOrigin() external {
        lastOrigin = tx.origin;
    }

    function donate() external payable {}
}
