// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The gas-optimised token done right: each subtraction inside unchecked
// { } comes after a check that it cannot wrap (a require, an if/revert),
// and the credit cannot overflow because the total supply, checked, bounds
// every balance. Nothing wraps, so nothing is reported.
contract GuardedToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    error Insufficient();

    function mint(uint256 amount) external {
        totalSupply += amount;
        unchecked {
            balanceOf[msg.sender] += amount;
        }
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(balanceOf[msg.sender] >= amount, "balance");
        unchecked {
            balanceOf[msg.sender] -= amount;
            balanceOf[to] += amount;
        }
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < amount) revert Insufficient();
        if (balanceOf[from] < amount) revert Insufficient();
        unchecked {
            allowance[from][msg.sender] = allowed - amount;
            balanceOf[from] -= amount;
            balanceOf[to] += amount;
        }
        return true;
    }

    function burn(uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        unchecked {
            totalSupply -= amount;
        }
    }
}
