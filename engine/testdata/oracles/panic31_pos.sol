// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Oracle: panic-0x31 (pop on an empty array).
// One transaction: pop() on the freshly deployed contract (the array starts
// empty); also reachable as push, pop, pop.
contract Panic31Pos {
    uint256[] private stack;

    function push(uint256 v) public {
        stack.push(v);
    }

    function pop() public {
        stack.pop(); //@finding(panic-0x31)
    }

    function size() public view returns (uint256) {
        return stack.length;
    }
}
