// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Token} from "../src/Token.sol";
import {Vault} from "../src/Vault.sol";

// The invariant campaign's target: the vault's functions as one actor.
contract Handler is Test {
    Vault public vault;
    Token public token;
    address public actor;

    constructor(Vault vault_, Token token_, address actor_) {
        vault = vault_;
        token = token_;
        actor = actor_;
    }

    function deposit(uint256 amount) external {
        amount = amount % (token.balanceOf(actor) + 1);
        vm.startPrank(actor);
        token.approve(address(vault), amount);
        vault.deposit(amount);
        vm.stopPrank();
    }

    function withdraw(uint256 amount) external {
        amount = amount % (vault.shares(actor) + 1);
        vm.warp(block.timestamp + 1 days);
        vm.prank(actor);
        vault.withdraw(amount);
    }

    function compound(uint256 rounds) external {
        vm.assume(rounds != 0);
        vm.prank(actor);
        vault.compound(rounds);
    }
}
