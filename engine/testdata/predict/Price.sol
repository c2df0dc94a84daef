// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Input prediction on msg.value: the price, 712 finney, appears nowhere in
// the code (only 3 * price + 7 does), but the branch's cost is linear in
// msg.value, so one secant step between two values lands on it.
contract Price {
    function buy() external payable {
        unchecked {
            if (msg.value * 3 + 7 == 2136000000000000007) {
                assert(false); //@finding(assert-failure)
            }
        }
    }
}
