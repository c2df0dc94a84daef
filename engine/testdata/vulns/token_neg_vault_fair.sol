// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The correct twin of token_pos_vault_other.sol: withdraw pays a deposit
// to its owner only, exactly what the owner paid in: no finding.
contract DepositBook {
    struct Deposit {
        address owner;
        IBookToken token;
        uint256 amount;
    }

    Deposit[] public deposits;
    mapping(address => uint256) public made;

    function deposit(IBookToken token, uint256 amount) external returns (uint256) {
        require(amount > 0, "empty");
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        deposits.push(Deposit(msg.sender, token, amount));
        made[msg.sender]++;
        return deposits.length - 1;
    }

    function withdraw(uint256 id) external {
        require(made[msg.sender] > 0, "no deposit");
        Deposit storage d = deposits[id];
        require(d.owner == msg.sender, "not yours");
        uint256 amount = d.amount;
        require(amount > 0, "withdrawn");
        d.amount = 0;
        require(d.token.transfer(msg.sender, amount), "transfer");
    }
}

interface IBookToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
