// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A constant-product pool of two faucet tokens: a swap pays its sender
// tokens of one kind for the tokens of the other it paid in, out of the
// liquidity others deposited. The sender paid in, so no finding.
contract TokenA {
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

contract TokenB is TokenA {}

contract Pool {
    TokenA public immutable a;
    TokenB public immutable b;
    uint256 public reserveA;
    uint256 public reserveB;

    constructor(TokenA ta, TokenB tb) {
        a = ta;
        b = tb;
    }

    function addLiquidity(uint256 amountA, uint256 amountB) external {
        a.transferFrom(msg.sender, address(this), amountA);
        b.transferFrom(msg.sender, address(this), amountB);
        reserveA += amountA;
        reserveB += amountB;
    }

    function swapAForB(uint256 amountIn) external returns (uint256 out) {
        require(amountIn > 0, "zero");
        out = reserveB * amountIn / (reserveA + amountIn);
        a.transferFrom(msg.sender, address(this), amountIn);
        reserveA += amountIn;
        reserveB -= out;
        b.transfer(msg.sender, out);
    }

    function swapBForA(uint256 amountIn) external returns (uint256 out) {
        require(amountIn > 0, "zero");
        out = reserveA * amountIn / (reserveB + amountIn);
        b.transferFrom(msg.sender, address(this), amountIn);
        reserveB += amountIn;
        reserveA -= out;
        a.transfer(msg.sender, out);
    }
}
