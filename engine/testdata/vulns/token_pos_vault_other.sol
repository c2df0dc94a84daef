// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A book of deposits in a token passed as an argument, whose withdraw
// checks that the caller has made a deposit but not that the deposit it
// pays out is the caller's: a stranger deposits a little and withdraws
// another user's deposit. The build deploys no token: the deposits are
// paid in Foresight's, approved by every sender. The stranger paid in, so
// the rule for a sender that paid nothing does not apply (token-theft:
// paid more of the token than it paid in, out of another's deposit, which
// the book no longer holds).
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

    function withdraw(uint256 id) external { //@finding(token-theft)
        require(made[msg.sender] > 0, "no deposit");
        Deposit storage d = deposits[id];
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
