// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

interface CheckedHeldToken04 {
    function balanceOf(address who) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

// Negative twin of swc101_pos_held04.sol: the same vault, whose share of
// the balance is computed with the product checked (divided back): a
// balance above 2**256/5 reverts instead of wrapping. Expected findings:
// none.
contract CheckedHeldVault04 {
    mapping(address => uint256) public released;

    function release(CheckedHeldToken04 token) public {
        uint256 bal = token.balanceOf(this);
        uint256 scaled = bal * 5;
        require(scaled / 5 == bal);
        uint256 share = scaled / 100;
        require(share > 0);
        released[token] = share;
        require(token.transfer(msg.sender, share));
    }
}
