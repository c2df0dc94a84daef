// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Token} from "./Token.sol";

// A vault of Token shares, locked for a day after each deposit. compound()
// has the planted bug: only a holder of shares reaches it, and only the
// Foundry set-up gives anyone tokens to deposit.
contract Vault {
    Token public immutable token;
    uint256 public totalShares;
    mapping(address => uint256) public shares;
    mapping(address => uint256) public unlocksAt;
    mapping(address => uint256) public bonus;

    constructor(Token token_) {
        token = token_;
    }

    function deposit(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "vault: transfer");
        shares[msg.sender] += amount;
        totalShares += amount;
        unlocksAt[msg.sender] = block.timestamp + 1 days;
    }

    function withdraw(uint256 amount) external {
        require(block.timestamp >= unlocksAt[msg.sender], "vault: locked");
        shares[msg.sender] -= amount;
        totalShares -= amount;
        require(token.transfer(msg.sender, amount), "vault: transfer");
    }

    function compound(uint256 rounds) external {
        require(shares[msg.sender] > 0, "vault: no shares");
        uint256 gained = (shares[msg.sender] * (rounds % 1000)) / 100;
        assert(gained <= totalShares); //@finding(assert-failure)
        bonus[msg.sender] += gained;
    }
}
