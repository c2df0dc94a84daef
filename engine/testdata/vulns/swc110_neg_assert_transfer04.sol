// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Not an assertion failure: before 0.5, `assert(token.transfer(to, v))`
// was the idiom for "revert if the token call failed" (OpenZeppelin's
// SafeERC20 before 2.0, found by scripts/score-realcode). The assert checks
// what another contract returned, not an invariant of this code. Here the
// token returns false instead of reverting when the balance is short, so
// claim() with more than the vault holds, release() twice, or a refund
// to the reverting attacker makes each assert fail within a few
// transactions: the asserts fail like reverts and are not reported.
contract SoftToken {
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

contract TokenVault {
    SoftToken public token;
    mapping(address => uint256) deposits;

    constructor() public {
        token = new SoftToken();
    }

    function claim(uint256 amount) public {
        assert(token.transfer(msg.sender, amount));
    }

    function release() public {
        assert(token.transfer(msg.sender, 10) == true);
    }

    function deposit() public payable {
        deposits[msg.sender] += msg.value;
    }

    function refund() public {
        uint256 amount = deposits[msg.sender];
        deposits[msg.sender] = 0;
        assert(msg.sender.send(amount));
    }
}
