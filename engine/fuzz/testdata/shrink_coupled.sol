// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Coupled: withdrawing exactly what one deposited, past a threshold,
// fails an assertion, so deposit(777777), withdraw(777777) shrinks only
// with both values together, to 1001; magic fails on two literals and
// none in between, so magic(HIGH) shrinks to magic(LOW) only by trying
// the source's literals (TestShrinkCoupledAndConstants).
contract Coupled {
    uint256 constant LOW = 1234567;
    uint256 constant HIGH = 987654321;
    mapping(address => uint256) public bal;

    function deposit(uint256 x) external {
        bal[msg.sender] += x;
    }

    function withdraw(uint256 y) external view {
        require(y > 0 && bal[msg.sender] == y, "not what you hold");
        require(y > 1000, "too little");
        assert(false);
    }

    function magic(uint256 x) external pure {
        if (x == LOW || x == HIGH) {
            assert(false);
        }
    }
}
