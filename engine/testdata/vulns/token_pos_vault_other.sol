// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A vault of deposits in a token passed as an argument, whose withdraw
// checks that the caller has a deposit but pays out the deposit of the
// owner it names: a stranger deposits a little and withdraws another
// user's deposit. The build deploys no token: the deposits are paid in
// Foresight's, approved by every sender. The stranger paid in, so the
// rule for a sender that paid nothing does not apply (token-theft: paid
// more of the token than it paid in, out of another's deposit, which the
// vault no longer holds).
contract SharedVault {
    mapping(address => mapping(IVaultToken => uint256)) public deposits;

    function deposit(IVaultToken token, uint256 amount) external {
        require(amount > 0, "empty");
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        deposits[msg.sender][token] += amount;
    }

    function withdraw(IVaultToken token, address owner) external { //@finding(token-theft)
        require(deposits[msg.sender][token] > 0, "no deposit");
        uint256 amount = deposits[owner][token];
        deposits[owner][token] = 0;
        require(token.transfer(msg.sender, amount), "transfer");
    }
}

interface IVaultToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
