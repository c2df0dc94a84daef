// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A constant-product pool of two faucet tokens, with liquidity shares: a provider adds both tokens and later removes its
// share of both; a swap pays one token for the other. A provider that
// swaps, or removes its share after others swapped, is paid more of one
// token than it paid in of it, out of what other providers deposited:
// but it paid the other token for it. No finding.
abstract contract FaucetToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function mint() external {
        balanceOf[msg.sender] += 1000;
        emit Transfer(address(0), msg.sender, 1000);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "allowance");
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) internal {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

contract TokenA is FaucetToken {}

contract TokenB is FaucetToken {}

contract SharePool {
    TokenA public immutable a;
    TokenB public immutable b;
    mapping(address => uint256) public shares;
    uint256 public totalShares;

    constructor(TokenA ta, TokenB tb) {
        a = ta;
        b = tb;
    }

    function addLiquidity(uint256 amountA, uint256 amountB) external {
        require(amountA > 0 && amountB > 0, "zero");
        uint256 ra = a.balanceOf(address(this));
        uint256 minted = totalShares == 0 ? amountA : amountA * totalShares / ra;
        require(minted > 0, "too little");
        a.transferFrom(msg.sender, address(this), amountA);
        b.transferFrom(msg.sender, address(this), amountB);
        shares[msg.sender] += minted;
        totalShares += minted;
    }

    function removeLiquidity() external {
        uint256 s = shares[msg.sender];
        require(s > 0, "no shares");
        uint256 outA = a.balanceOf(address(this)) * s / totalShares;
        uint256 outB = b.balanceOf(address(this)) * s / totalShares;
        shares[msg.sender] = 0;
        totalShares -= s;
        a.transfer(msg.sender, outA);
        b.transfer(msg.sender, outB);
    }

    function swapAForB(uint256 amountIn) external returns (uint256 out) {
        require(amountIn > 0, "zero");
        uint256 ra = a.balanceOf(address(this));
        uint256 rb = b.balanceOf(address(this));
        out = rb * amountIn / (ra + amountIn);
        a.transferFrom(msg.sender, address(this), amountIn);
        b.transfer(msg.sender, out);
    }

    function swapBForA(uint256 amountIn) external returns (uint256 out) {
        require(amountIn > 0, "zero");
        uint256 ra = a.balanceOf(address(this));
        uint256 rb = b.balanceOf(address(this));
        out = ra * amountIn / (rb + amountIn);
        b.transferFrom(msg.sender, address(this), amountIn);
        a.transfer(msg.sender, out);
    }
}
