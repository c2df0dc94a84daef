// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Token} from "../src/Token.sol";
import {Vault} from "../src/Vault.sol";
import {Handler} from "./Handler.sol";

// setUp() funds an actor (deal, prank, warp) who deposits; the handler is
// the only target. The invariants hold; the handler reaches the planted bug
// in Vault.compound (annotated in src/Vault.sol).
contract VaultInvariantTest is Test {
    Token public token;
    Vault public vault;
    Handler public handler;
    address public alice;

    function setUp() public {
        alice = makeAddr("alice");
        token = new Token(address(this));
        vault = new Vault(token);
        vm.warp(1_800_000_000);
        vm.deal(alice, 1 ether);
        token.mint(alice, 1000e18);
        vm.startPrank(alice);
        token.approve(address(vault), 400e18);
        vault.deposit(400e18);
        vm.stopPrank();
        handler = new Handler(vault, token, alice);
        targetContract(address(handler));
    }

    function invariant_solvent() public view {
        require(token.balanceOf(address(vault)) >= vault.totalShares(), "insolvent");
    }

    function invariant_sharesBounded() public view returns (bool) {
        return vault.totalShares() <= token.totalSupply();
    }
}
