// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Token (solc 0.4) that guards the receiver's addition but forgot the
// sender's balance check. Any sender with a smaller balance (e.g. 0) calls
// transfer(otherAddress, 1): its balance wraps to about 2**256.
// (The receiver's += is guarded by the require, so it never wraps.)
contract Token {
    mapping(address => uint256) public balanceOf;

    constructor(uint256 initialSupply) public {
        balanceOf[msg.sender] = initialSupply;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        require(balanceOf[to] + value >= balanceOf[to]);
        balanceOf[to] += value;
        balanceOf[msg.sender] -= value; //@finding(SWC-101)
        return true;
    }
}
