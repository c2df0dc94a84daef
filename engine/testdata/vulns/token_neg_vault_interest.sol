// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A savings pool paying simple interest by the second on each deposit,
// out of the pool (as a lending pool pays its lenders the interest its
// borrowers owe before they repay): a depositor withdraws more than it
// paid in once time passed, out of what other depositors paid in. Yield
// by design, not theft: with no time passing the same withdrawal pays
// back exactly the deposit. No finding.
contract SavingsPool {
    struct Account {
        uint256 principal;
        uint256 since;
    }

    mapping(address => mapping(IPoolToken => Account)) public accounts;

    function deposit(IPoolToken token, uint256 amount) external {
        require(amount > 0, "empty");
        Account storage a = accounts[msg.sender][token];
        require(a.principal == 0, "one deposit at a time");
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        a.principal = amount;
        a.since = block.timestamp;
    }

    function withdraw(IPoolToken token) external {
        Account storage a = accounts[msg.sender][token];
        uint256 p = a.principal;
        require(p > 0, "nothing deposited");
        uint256 owed = p + p * (block.timestamp - a.since) / 365 days / 10;
        a.principal = 0;
        require(token.transfer(msg.sender, owed), "transfer");
    }
}

interface IPoolToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
