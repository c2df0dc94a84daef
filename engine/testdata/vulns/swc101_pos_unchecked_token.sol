// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A 0.8 token whose transfer debits the sender inside unchecked { }
// without checking the balance first: a sender with nothing transfers any
// amount, its balance wraps to nearly 2**256 and is stored. Checked
// arithmetic would have reverted; unchecked makes it SWC-101 again. The
// credit wraps too: with no check, the amount is anything the sender
// chooses, and the recipient's balance overflows.
contract GasToken {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    constructor() {
        balanceOf[msg.sender] = 1e24;
        totalSupply = 1e24;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        unchecked {
            balanceOf[msg.sender] -= amount; //@finding(SWC-101)
            balanceOf[to] += amount; //@finding(SWC-101)
        }
        return true;
    }
}
