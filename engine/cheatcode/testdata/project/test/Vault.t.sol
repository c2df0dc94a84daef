// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Token} from "../src/Token.sol";
import {Vault} from "../src/Vault.sol";
import {Handler} from "./Handler.sol";

// Every cheatcode setUp() uses is checked right after with require, so a
// wrong implementation makes setUp() revert with the failed check.
contract VaultTest is Test {
    Token public token;
    Vault public vault;
    Handler public handler;
    address public alice;
    address public bob;
    address public constant COPY = address(0xBEEF);

    function setUp() public {
        alice = vm.addr(0xA11CE);
        bob = makeAddr("bob");
        require(bob == vm.addr(uint256(keccak256("bob"))), "makeAddr");
        token = new Token(address(this));
        vault = new Vault(token);
        vm.label(address(vault), "vault");

        vm.warp(1_800_000_000);
        require(block.timestamp == 1_800_000_000, "warp");
        vm.roll(12_345);
        require(block.number == 12_345, "roll");

        vm.deal(alice, 5 ether);
        require(alice.balance == 5 ether, "vm.deal");
        deal(address(token), alice, 1000e18);
        require(token.balanceOf(alice) == 1000e18, "deal(token)");
        token.mint(address(this), 50e18);
        require(token.balanceOf(address(this)) == 50e18, "mint after deal");

        // prank: only the next call, from alice.
        vm.prank(alice);
        token.approve(address(vault), 600e18);
        require(token.allowance(alice, address(vault)) == 600e18, "prank");
        token.approve(address(vault), 1);
        require(token.allowance(address(this), address(vault)) == 1, "prank ended");

        // startPrank: every call until stopPrank.
        vm.startPrank(alice);
        vault.deposit(100e18);
        vault.deposit(200e18);
        vm.stopPrank();
        require(vault.shares(alice) == 300e18 && vault.lastBlock() == 12_345, "startPrank");

        // expectRevert: with the message, with a custom error's selector,
        // and with any data; together with a prank.
        vm.expectRevert(bytes("vault: locked"));
        vm.prank(alice);
        vault.withdraw(1);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotOwner.selector, bob));
        vault.setFee(7);
        vm.expectRevert(Vault.NotOwner.selector);
        vm.prank(bob);
        vault.setFee(7);
        vm.expectRevert();
        token.transfer(bob, 1e30);

        // The pranked sender may be a contract: the vault pays alice.
        token.mint(address(vault), 10e18);
        vm.prank(address(vault));
        token.transfer(alice, 10e18);
        require(token.balanceOf(alice) == 710e18 && vault.shares(alice) == 300e18, "prank a contract");

        // prank(sender, origin) and value sent from the pranked sender.
        vm.prank(alice, alice);
        vault.touchOrigin();
        require(vault.lastOrigin() == alice, "prank origin");
        vault.touchOrigin();
        require(vault.lastOrigin() == tx.origin && tx.origin != alice, "origin restored");
        uint256 before = address(this).balance;
        vm.prank(alice);
        vault.donate{value: 1 ether}();
        require(alice.balance == 4 ether && address(vault).balance == 1 ether, "prank value");
        require(address(this).balance == before, "value left the test contract");

        // store and load.
        vm.store(address(vault), bytes32(uint256(1)), bytes32(uint256(42)));
        require(vault.fee() == 42, "store");
        require(vm.load(address(vault), bytes32(uint256(1))) == bytes32(uint256(42)), "load");

        // etch: the same code at another address, with empty storage.
        vm.etch(COPY, address(token).code);
        require(Token(COPY).totalSupply() == 0 && keccak256(COPY.code) == keccak256(address(token).code), "etch");

        vm.warp(block.timestamp + 1 days);
        vm.prank(alice);
        vault.withdraw(50e18);
        require(vault.shares(alice) == 250e18, "withdraw after warp");

        vm.assume(true);

        handler = new Handler(vault, token, alice);
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](1);
        selectors[0] = Handler.deposit.selector;
        targetSelector(FuzzSelector(address(handler), selectors));
        excludeContract(address(token));
        targetSender(alice);
    }

    function invariant_solvent() public view {
        require(token.balanceOf(address(vault)) >= vault.totalShares(), "insolvent");
    }

    function invariant_sharesBounded() public view returns (bool) {
        return vault.totalShares() <= token.totalSupply();
    }
}

// No targetContract: every contract setUp() creates is a target, less the
// excluded token.
contract VaultDefaultsTest is Test {
    Token public token;
    Vault public vault;

    function setUp() public {
        token = new Token(address(this));
        vault = new Vault(token);
        excludeContract(address(token));
        excludeSender(address(0xB0B));
    }

    function invariant_noShares() public view {
        require(vault.totalShares() == 0, "shares");
    }
}
