// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Token {
    address public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor(address owner_) {
        owner = owner_;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "token: not owner");
        balanceOf[to] += amount;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount && balanceOf[from] >= amount, "token: funds");
        allowance[from][msg.sender] -= amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}

contract Vault {
    Token public immutable token;
    uint256 public totalShares;
    mapping(address => uint256) public shares;
    mapping(address => uint256) public bonus;

    constructor(Token token_) {
        token = token_;
    }

    function deposit(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "vault: transfer");
        shares[msg.sender] += amount;
        totalShares += amount;
    }

    function compound(uint256 rounds) external {
        require(shares[msg.sender] > 0, "vault: no shares");
        uint256 gained = (shares[msg.sender] * (rounds % 1000)) / 100;
        bonus[msg.sender] += gained;
    }
}
