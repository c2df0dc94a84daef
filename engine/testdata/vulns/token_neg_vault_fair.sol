// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The correct twin of token_pos_vault_other.sol: withdraw pays the
// caller's own deposit, exactly what it paid in: no finding.
contract SharedVault {
    mapping(address => mapping(IVaultToken => uint256)) public deposits;

    function deposit(IVaultToken token, uint256 amount) external {
        require(amount > 0, "empty");
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        deposits[msg.sender][token] += amount;
    }

    function withdraw(IVaultToken token, address owner) external {
        require(deposits[msg.sender][token] > 0, "no deposit");
        require(owner == msg.sender, "not yours");
        uint256 amount = deposits[owner][token];
        deposits[owner][token] = 0;
        require(token.transfer(msg.sender, amount), "transfer");
    }
}

interface IVaultToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
