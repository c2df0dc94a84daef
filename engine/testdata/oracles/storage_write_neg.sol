// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative for SWC-124: storage writes whose slots depend on arguments, but
// always inside the bounds of their arrays or at mapping keys (hashed slots
// that are the mapping's by construction). None of them is an arbitrary
// storage write, and nothing here can panic.
// Expected findings: none.
contract StorageWriteNeg {
    address private owner;
    uint256[] private items;
    uint256[8] private fixedSlots;
    mapping(address => uint256) private balances;
    mapping(uint256 => mapping(uint256 => uint256)) private grid;
    mapping(uint256 => uint256[]) private lists;

    constructor() {
        owner = msg.sender;
    }

    function push(uint256 v) public {
        if (items.length >= 16) return;
        items.push(v);
    }

    function pop() public {
        if (items.length == 0) return;
        items.pop();
    }

    function setItem(uint256 i, uint256 v) public {
        if (i >= items.length) return;
        items[i] = v;
    }

    function setFixed(uint256 i, uint256 v) public {
        fixedSlots[i % 8] = v;
    }

    function setBalance(uint256 v) public {
        balances[msg.sender] = v;
    }

    function setGrid(uint256 a, uint256 b, uint256 v) public {
        grid[a][b] = v;
    }

    function appendTo(uint256 key, uint256 v) public {
        if (lists[key].length >= 8) return;
        lists[key].push(v);
    }

    function isOwner() public view returns (bool) {
        return msg.sender == owner;
    }
}
