// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The correct twin of token_pos_payout_other.sol: only a deposit's owner
// sends it to a wallet of its choosing, and paying another account whom
// the owner named is no theft: no finding.
contract ColdPayouts {
    mapping(address => mapping(IPayoutToken => uint256)) public deposits;
    mapping(address => address) public walletOf;

    function deposit(IPayoutToken token, uint256 amount, address wallet) external {
        require(amount > 0, "empty");
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        deposits[msg.sender][token] += amount;
        walletOf[msg.sender] = wallet;
    }

    function payout(address owner, IPayoutToken token) external {
        address wallet = walletOf[owner];
        require(wallet != address(0), "no wallet");
        uint256 amount = deposits[owner][token];
        require(amount > 0, "nothing deposited");
        deposits[owner][token] = 0;
        require(token.transfer(wallet, amount), "transfer");
    }
}

interface IPayoutToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
