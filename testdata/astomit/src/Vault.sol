// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Token} from "./Token.sol";
import {console} from "forge-std/console.sol";

// testdata/foundry's vault, logging through forge-std's console (a
// dependency's library-only file, compiled without its AST): the planted
// bug is found from the set-up as there.
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
        console.log("compound", rounds, gained);
        assert(gained <= totalShares); //@finding(assert-failure)
        bonus[msg.sender] += gained;
    }
}
