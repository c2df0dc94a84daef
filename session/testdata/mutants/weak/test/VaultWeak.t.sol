// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Vault} from "../src/Vault.sol";

interface Vm {
    function deal(address who, uint256 amount) external;
}

// The handler deposits and withdraws as one account and checks nothing.
contract WeakHandler {
    Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    Vault public vault;

    constructor(Vault v) {
        vault = v;
    }

    receive() external payable {}

    function deposit(uint256 amount) external {
        amount = amount % 100 ether;
        vm.deal(address(this), address(this).balance + amount);
        vault.deposit{value: amount}();
    }

    function withdraw(uint256 amount) external {
        vault.withdraw(amount % (address(vault).balance + 2));
    }
}

// Weak: only solvency towards the handler, so a withdrawal that pays the
// wrong account, or refuses to pay, goes unnoticed.
contract VaultWeakTest {
    Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    Vault public vault;
    WeakHandler public handler;

    function setUp() public {
        vault = new Vault();
        vm.deal(address(this), 10 ether);
        vault.deposit{value: 10 ether}();
        handler = new WeakHandler(vault);
    }

    function targetContracts() public view returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(handler);
    }

    function invariant_solvent() public view {
        require(address(vault).balance >= vault.balanceOf(address(handler)) + 10 ether, "insolvent");
    }
}
