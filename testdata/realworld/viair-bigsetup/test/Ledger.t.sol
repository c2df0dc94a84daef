// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "forge-std/Test.sol";
import {Ledger} from "../src/Ledger.sol";

// setUp() news the Ledger, whose runtime is over 24 KiB.
contract LedgerInvariants is Test {
    Ledger internal ledger;
    address[] private targets;

    function setUp() public {
        ledger = new Ledger(address(0xFEE));
        require(address(ledger).code.length > 24_576, "ledger under 24 KiB");
        vm.deal(address(this), 5 ether);
        ledger.deposit{value: 1 ether}();
        targets.push(address(ledger));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    function invariant_backed() public view {
        require(address(ledger).balance >= ledger.totalDeposits(), "unbacked");
    }

    function testFee() public view {
        require(ledger.feeBps(7) < 50, "fee");
    }
}
