// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "forge-std/Test.sol";
import {Token, Vault} from "../src/Vault.sol";

contract Handler is Test {
    Vault public vault;
    address public actor;

    constructor(Vault vault_, address actor_) {
        vault = vault_;
        actor = actor_;
    }

    function compound(uint256 rounds) external {
        vm.prank(actor);
        vault.compound(rounds);
    }
}

contract VaultInvariantTest is Test {
    Token public token;
    Vault public vault;
    address[] private targets;

    function setUp() public {
        address alice = address(0xA11CE);
        token = new Token(address(this));
        vault = new Vault(token);
        token.mint(alice, 1000e18);
        vm.startPrank(alice);
        token.approve(address(vault), 400e18);
        vault.deposit(400e18);
        vm.stopPrank();
        targets.push(address(new Handler(vault, alice)));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    function invariant_sharesBacked() public view returns (bool) {
        return token.balanceOf(address(vault)) >= vault.totalShares();
    }
}
