// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Vault} from "../src/Vault.sol";

interface Vm {
    function deal(address who, uint256 amount) external;
}

// The handler deposits and withdraws as one account and checks each
// withdrawal against what it was credited: zero and more than its credit
// must revert, anything else must pay exactly the amount.
contract StrongHandler {
    Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    Vault public vault;
    uint256 public credited;
    bool public broken;

    constructor(Vault v) {
        vault = v;
    }

    receive() external payable {}

    function deposit(uint256 amount) external {
        amount = amount % 100 ether;
        vm.deal(address(this), address(this).balance + amount);
        vault.deposit{value: amount}();
        credited += amount;
    }

    function withdraw(uint256 amount) external {
        amount = amount % (address(vault).balance + 2);
        uint256 before = address(this).balance;
        try vault.withdraw(amount) {
            if (amount == 0 || amount > credited || address(this).balance != before + amount) broken = true;
            else credited -= amount;
        } catch {
            if (amount != 0 && amount <= credited) broken = true;
        }
    }
}

// Strong: every mutant of withdraw breaks one of these.
contract VaultStrongTest {
    Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    Vault public vault;
    StrongHandler public handler;

    function setUp() public {
        vault = new Vault();
        vm.deal(address(this), 10 ether);
        vault.deposit{value: 10 ether}();
        handler = new StrongHandler(vault);
    }

    function targetContracts() public view returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(handler);
    }

    function invariant_withdrawalsExact() public view {
        require(!handler.broken(), "a withdrawal did what it must not");
    }

    function invariant_books() public view {
        require(vault.balanceOf(address(handler)) == handler.credited(), "credit");
        require(address(vault).balance == handler.credited() + 10 ether, "ether");
    }
}
