// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {WETH} from "solmate/tokens/WETH.sol";

// Only the cheatcodes used here: no test library, as forge and Foresight
// both read targetContracts() and invariant_ functions without one.
interface Vm {
    function deal(address who, uint256 amount) external;
    function prank(address sender) external;
}

Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

// Calls solmate's WETH as one of three funded users, amounts bounded by
// what the user holds so that most calls change state instead of reverting.
contract WETHHandler {
    WETH public immutable weth;
    address[3] public users = [address(0x10001), address(0x10002), address(0x10003)];

    constructor(WETH w) {
        weth = w;
    }

    function deposit(uint256 who, uint256 amount) external {
        address u = users[who % 3];
        amount %= u.balance + 1;
        vm.prank(u);
        weth.deposit{value: amount}();
    }

    function withdraw(uint256 who, uint256 amount) external {
        address u = users[who % 3];
        amount %= weth.balanceOf(u) + 1;
        vm.prank(u);
        weth.withdraw(amount);
    }

    function transfer(uint256 who, uint256 to, uint256 amount) external {
        address u = users[who % 3];
        amount %= weth.balanceOf(u) + 1;
        vm.prank(u);
        weth.transfer(users[to % 3], amount);
    }

    function approve(uint256 who, uint256 spender, uint256 amount) external {
        vm.prank(users[who % 3]);
        weth.approve(users[spender % 3], amount);
    }

    function transferFrom(uint256 who, uint256 from, uint256 to, uint256 amount) external {
        address u = users[who % 3];
        address f = users[from % 3];
        uint256 most = weth.allowance(f, u);
        if (weth.balanceOf(f) < most) most = weth.balanceOf(f);
        amount %= most + 1;
        vm.prank(u);
        weth.transferFrom(f, users[to % 3], amount);
    }
}

contract WETHInvariants {
    WETH internal weth;
    WETHHandler internal handler;
    address[] private targets;

    function setUp() public {
        weth = new WETH();
        handler = new WETHHandler(weth);
        for (uint256 i = 0; i < 3; i++) {
            vm.deal(handler.users(i), 100 ether);
        }
        targets.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    // One invariant, so that forge (which runs a campaign per invariant)
    // and Foresight (which checks all after each call) price the same
    // transactions: every wrapped wei is backed by a wei the contract
    // holds, and only the users hold WETH, so their balances add up to
    // the supply.
    function invariant_backed() public view {
        require(weth.totalSupply() == address(weth).balance, "supply != ether held");
        uint256 sum;
        for (uint256 i = 0; i < 3; i++) {
            sum += weth.balanceOf(handler.users(i));
        }
        require(sum == weth.totalSupply(), "balances != supply");
    }
}
