// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Asset, Vault} from "../src/Vault.sol";

// Only the cheatcodes used here: no test library, as forge and Foresight
// both read targetContracts() and invariant_ functions without one.
interface Vm {
    function prank(address sender) external;
}

Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

// Calls OpenZeppelin's ERC4626 vault as one of three funded users, amounts
// bounded by the vault's own max* views so that most calls change state.
contract VaultHandler {
    Asset public immutable asset;
    Vault public immutable vault;
    address[3] public users = [address(0x10001), address(0x10002), address(0x10003)];

    constructor(Asset a, Vault v) {
        asset = a;
        vault = v;
    }

    function deposit(uint256 who, uint256 assets) external {
        address u = users[who % 3];
        assets %= asset.balanceOf(u) + 1;
        vm.prank(u);
        vault.deposit(assets, u);
    }

    function mint(uint256 who, uint256 shares) external {
        address u = users[who % 3];
        shares %= vault.previewDeposit(asset.balanceOf(u)) + 1;
        vm.prank(u);
        vault.mint(shares, u);
    }

    function withdraw(uint256 who, uint256 to, uint256 assets) external {
        address u = users[who % 3];
        assets %= vault.maxWithdraw(u) + 1;
        vm.prank(u);
        vault.withdraw(assets, users[to % 3], u);
    }

    function redeem(uint256 who, uint256 to, uint256 shares) external {
        address u = users[who % 3];
        shares %= vault.maxRedeem(u) + 1;
        vm.prank(u);
        vault.redeem(shares, users[to % 3], u);
    }

    function transferShares(uint256 who, uint256 to, uint256 shares) external {
        address u = users[who % 3];
        shares %= vault.balanceOf(u) + 1;
        vm.prank(u);
        vault.transfer(users[to % 3], shares);
    }

    // A gift to the vault raises every share's price.
    function donate(uint256 who, uint256 assets) external {
        address u = users[who % 3];
        assets %= asset.balanceOf(u) + 1;
        vm.prank(u);
        asset.transfer(address(vault), assets);
    }
}

contract VaultInvariants {
    Asset internal asset;
    Vault internal vault;
    VaultHandler internal handler;
    address[] private targets;

    function setUp() public {
        asset = new Asset();
        vault = new Vault(asset);
        handler = new VaultHandler(asset, vault);
        for (uint256 i = 0; i < 3; i++) {
            address u = handler.users(i);
            asset.mint(u, 1_000_000e18);
            vm.prank(u);
            asset.approve(address(vault), type(uint256).max);
        }
        targets.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    // One invariant, so that forge (which runs a campaign per invariant)
    // and Foresight (which checks all after each call) price the same
    // transactions: the vault's books are its balance (no fee, no
    // strategy), what all shares redeem for is covered by the assets held,
    // and only the users hold shares.
    function invariant_solvent() public view {
        require(vault.totalAssets() == asset.balanceOf(address(vault)), "totalAssets != balance");
        require(vault.convertToAssets(vault.totalSupply()) <= vault.totalAssets(), "shares not covered");
        uint256 sum;
        for (uint256 i = 0; i < 3; i++) {
            sum += vault.balanceOf(handler.users(i));
        }
        require(sum == vault.totalSupply(), "shares != supply");
    }
}
