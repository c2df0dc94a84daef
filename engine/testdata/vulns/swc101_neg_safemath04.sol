// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// SafeMath-style token (solc 0.4): add() computes a wrapping sum but
// require(c >= a) reverts when it wraps, and sub() checks before
// subtracting, so no wrapped value ever survives a successful transaction.
library SafeMath {
    function add(uint256 a, uint256 b) internal pure returns (uint256 c) {
        c = a + b;
        require(c >= a);
    }

    function sub(uint256 a, uint256 b) internal pure returns (uint256) {
        require(b <= a);
        return a - b;
    }
}

contract SafeToken {
    using SafeMath for uint256;
    mapping(address => uint256) public balanceOf;

    function faucet() public {
        balanceOf[msg.sender] = balanceOf[msg.sender].add(100);
    }

    function transfer(address to, uint256 value) public returns (bool) {
        balanceOf[msg.sender] = balanceOf[msg.sender].sub(value);
        balanceOf[to] = balanceOf[to].add(value);
        return true;
    }
}
