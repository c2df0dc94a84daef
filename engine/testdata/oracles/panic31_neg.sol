// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of panic31_pos.sol: pop only when the array is non-empty.
// Expected findings: none.
contract Panic31Neg {
    uint256[] private stack;

    function push(uint256 v) public {
        stack.push(v);
    }

    function pop() public {
        if (stack.length > 0) stack.pop();
    }

    function size() public view returns (uint256) {
        return stack.length;
    }
}
