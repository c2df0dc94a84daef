// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// scripts/check-lcov-forge's project: forge coverage --report lcov and
// Foresight's --coverage lcov must name the same lines and functions
// (docs/report-format.md, "LCOV"): a library, a modifier used twice,
// receive and fallback, an overload, a loop, a ternary, internal and
// private functions, public variables (whose getters are no lines).

library Bits {
    function low(uint256 v) internal pure returns (uint256) {
        return v & 0xff;
    }
}

contract Tally {
    uint256 public total;
    uint256 public last;
    uint256 public start = 5;
    address public owner;
    mapping(address => uint256) public credit;

    event Added(address who, uint256 amount);

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    receive() external payable {
        total += 1;
    }

    fallback() external {
        last = 0;
    }

    function add(uint256 x) external {
        last = x;
        credit[msg.sender] += x;
        total += bonus(x);
        emit Added(msg.sender, x);
    }

    function add(uint256 x, uint256 y) external {
        total += x + y;
    }

    function bonus(uint256 x) internal pure returns (uint256) {
        if (x > 100) {
            return x + 1;
        } else if (x == 7) {
            return 0;
        }
        return x;
    }

    function sum(uint256 n) external pure returns (uint256 s) {
        for (uint256 i = 0; i < n; i++) {
            s += i;
        }
        s = n > 3 ? s / 2 : Bits.low(s);
    }

    function reset() external onlyOwner {
        total = 0;
        last = x2(last);
    }

    function poke() external onlyOwner {
        last = 1;
    }

    function x2(uint256 v) private pure returns (uint256) {
        return v * 2;
    }
}
