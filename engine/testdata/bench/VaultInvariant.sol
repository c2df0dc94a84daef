// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// BenchmarkInvariantProbe's harness, shaped like the real-contract set of
// scripts/bench-forge (an ERC4626-style vault over an ERC20, deployed by
// the campaign, the handler given both through its constructor): each
// handler call is short, and the invariant after it makes ten static calls
// into the token and the vault, as long as the call itself. The invariant
// holds whatever the fuzzer calls.
contract Token {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    function mint(address to, uint256 a) external {
        balanceOf[to] += a;
        totalSupply += a;
    }

    function transfer(address to, uint256 a) external returns (bool) {
        balanceOf[msg.sender] -= a;
        balanceOf[to] += a;
        return true;
    }

    function approve(address s, uint256 a) external returns (bool) {
        allowance[msg.sender][s] = a;
        return true;
    }

    function transferFrom(address f, address to, uint256 a) external returns (bool) {
        allowance[f][msg.sender] -= a;
        balanceOf[f] -= a;
        balanceOf[to] += a;
        return true;
    }
}

contract Vault {
    Token public immutable asset;
    mapping(address => uint256) public sharesOf;
    uint256 public totalShares;

    constructor(Token t) {
        asset = t;
    }

    function totalAssets() public view returns (uint256) {
        return asset.balanceOf(address(this));
    }

    function deposit(uint256 a, address to) external returns (uint256 s) {
        s = totalShares == 0 ? a : (a * totalShares) / totalAssets();
        asset.transferFrom(msg.sender, address(this), a);
        sharesOf[to] += s;
        totalShares += s;
    }

    function redeem(uint256 s, address to) external returns (uint256 a) {
        a = (s * totalAssets()) / totalShares;
        sharesOf[msg.sender] -= s;
        totalShares -= s;
        asset.transfer(to, a);
    }
}

contract VaultHandler {
    Token public immutable token;
    Vault public immutable vault;
    address[3] users = [address(0x1001), address(0x1002), address(0x1003)];

    constructor(Token t, Vault v) {
        token = t;
        vault = v;
        t.approve(address(v), type(uint256).max);
    }

    function deposit(uint96 a) external {
        token.mint(address(this), a);
        vault.deposit(a, address(this));
    }

    function redeem(uint256 s) external {
        s = s % (vault.sharesOf(address(this)) + 1);
        if (s > 0) vault.redeem(s, address(this));
    }

    function give(uint8 u, uint256 a) external {
        token.transfer(users[u % 3], a % (token.balanceOf(address(this)) + 1));
    }

    function invariant_accounted() public view returns (bool) {
        uint256 sum = token.balanceOf(address(this)) + token.balanceOf(address(vault));
        for (uint256 i; i < 3; i++) sum += token.balanceOf(users[i]);
        return sum <= token.totalSupply() && vault.sharesOf(address(this)) <= vault.totalShares() && vault.totalAssets() == token.balanceOf(address(vault));
    }
}
