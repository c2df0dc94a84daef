// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Vault} from "../src/Vault.sol";

contract Handler is Test {
    Vault public vault;

    constructor(Vault vault_) {
        vault = vault_;
    }

    function deposit(uint256 amount) external {
        amount = amount % 100 ether;
        vm.deal(address(this), amount);
        vault.deposit{value: amount}();
    }

    function withdraw(uint256 amount) external {
        vault.withdraw(amount % (vault.balances(address(this)) + 1));
    }

    receive() external payable {}
}

contract VaultTest is Test {
    Vault public vault;
    Handler public handler;

    function setUp() public {
        vault = new Vault();
        handler = new Handler(vault);
        targetContract(address(handler));
    }

    function invariant_balanceWithinDeposits() public view returns (bool) {
        return vault.balances(address(handler)) <= vault.totalDeposits();
    }
}
