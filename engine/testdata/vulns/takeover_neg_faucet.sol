// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A test token with an open faucet and a vault that credits deposits to
// a beneficiary. Any sender may mint to any account and deposit for any
// account, and the account credited can then redeem or withdraw, which
// reverted for it before: but what was written is an amount (it follows
// the argument) or was paid for, not a grant (takeover_pos_module_registry
// is the grant).
contract FaucetToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public credit;
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        require(amount <= 1000, "faucet");
        balanceOf[to] += amount;
    }

    function depositFor(address to) external payable {
        credit[to] += msg.value;
    }

    function redeemAll() external {
        uint256 b = balanceOf[msg.sender];
        require(b > 0, "empty");
        balanceOf[msg.sender] = 0;
    }

    function withdrawAll() external {
        uint256 c = credit[msg.sender];
        require(c > 0, "none");
        credit[msg.sender] = 0;
        payable(msg.sender).transfer(c);
    }
}
