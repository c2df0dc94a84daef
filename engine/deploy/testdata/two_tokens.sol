// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Pools of two tokens: each pool must get two different tokens, by the
// names its constructor asks for (TokenB derives from TokenA, so a TokenB
// has every function a TokenA parameter needs) or, for an interface, any
// two that fit (TestCtorDistinctTokens).
interface IERC20 {
    function balanceOf(address) external view returns (uint256);
    function transfer(address, uint256) external returns (bool);
}

contract TokenA {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}

contract TokenB is TokenA {}

contract NamedPool {
    TokenA public a;
    TokenB public b;

    constructor(TokenA ta, TokenB tb) {
        a = ta;
        b = tb;
    }
}

contract InterfacePool {
    IERC20 public a;
    IERC20 public b;

    constructor(IERC20 ta, IERC20 tb) {
        a = ta;
        b = tb;
    }
}
