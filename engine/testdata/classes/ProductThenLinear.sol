// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a product of two inputs compared with a constant, then a linear
// equation over the same two (a hyperbola met by a line: a quadratic
// along the product's curve).
contract ProductThenLinear {
    function f(uint64 a, uint64 b) external view {
        unchecked {
            if (a > 0xf1e2c3c4b5a69787) {
                if (a * b == 0x53cec12b0c66b07) {
                    if (a * 2079 + b * 3211 == 0x9d6328eeb3b0b364) {
                        assert(false);
                    }
                }
            }
        }
    }
}
