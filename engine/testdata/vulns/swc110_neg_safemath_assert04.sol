// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Not an assertion failure: a SafeMath library written the way 0.4-era
// libraries were (OpenZeppelin's before 2.0) checks overflow with
// assert, not require. increaseAllowance() with a huge amount twice, or a
// transfer of more than the balance, makes the library's assert fail:
// that is the library rejecting its caller's input, as 0.8's checked
// arithmetic does (panic 0x11, opt-in), not a broken invariant of the
// token. The fuzzer reaches both asserts within a few transactions.
library SafeMathAssert {
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a + b;
        assert(c >= a);
        return c;
    }

    function sub(uint256 a, uint256 b) internal pure returns (uint256) {
        assert(b <= a);
        return a - b;
    }
}

contract AllowanceToken {
    using SafeMathAssert for uint256;
    mapping(address => uint256) balances;
    mapping(address => mapping(address => uint256)) allowed;

    function faucet() public {
        balances[msg.sender] = balances[msg.sender].add(100);
    }

    function transfer(address to, uint256 value) public returns (bool) {
        balances[msg.sender] = balances[msg.sender].sub(value);
        balances[to] = balances[to].add(value);
        return true;
    }

    function increaseAllowance(address spender, uint256 added) public returns (bool) {
        allowed[msg.sender][spender] = allowed[msg.sender][spender].add(added);
        return true;
    }
}
