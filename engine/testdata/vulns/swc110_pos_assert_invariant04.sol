// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The positive twin of swc110_neg_assert_transfer04.sol: the same vault
// asserts its token transfer's result (no finding: a revert) and also its
// own bookkeeping, that it never pays out more than 500 tokens. That
// invariant is this contract's own and is broken: pay() twice with 300
// (or once with 501) passes the transfer and fails the second assert,
// an assertion failure.
contract PlainToken {
    mapping(address => uint256) public balanceOf;

    constructor() public {
        balanceOf[msg.sender] = 1000;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        if (balanceOf[msg.sender] < value) {
            return false;
        }
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract CappedVault {
    PlainToken public token;
    uint256 public paid;

    constructor() public {
        token = new PlainToken();
    }

    function pay(uint256 amount) public {
        assert(token.transfer(msg.sender, amount));
        paid += amount;
        assert(paid <= 500); //@finding(assert-failure)
    }
}
