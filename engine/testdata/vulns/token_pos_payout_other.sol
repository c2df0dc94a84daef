// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A payout contract that pays a deposit's claim to an address its caller
// names, but never to the caller itself (payouts go to a cold wallet),
// and forgot to check that the caller is the deposit's owner: a stranger
// sends another user's deposit to a second account of its own. The
// build deploys no token: the deposit is paid in a token passed as an
// argument (Foresight's, approved by every sender). Neither
// stranger paid anything in and no depositor named either (token-theft:
// paid to an account the fuzzer controls, out of another's deposit).
contract ColdPayouts {
    mapping(address => mapping(IPayoutToken => uint256)) public deposits;

    function deposit(IPayoutToken token, uint256 amount) external {
        require(amount > 0, "empty");
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        deposits[msg.sender][token] += amount;
    }

    function payout(address owner, IPayoutToken token, address wallet) external { //@finding(token-theft)
        require(wallet != msg.sender, "pay a cold wallet, not the caller");
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
