// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Joint prediction target: nested conditions over different arguments in
// wrap-around 64-bit arithmetic. The secant on one argument satisfies the
// outer sum (a + b), but every single-argument step towards the inner
// difference (a - b) breaks it again; only changing a and b together
// keeps the outer condition while meeting the inner one. The innermost
// product (c * a) then needs c modulo 2^64.
contract Nested {
    function probe(uint64 a, uint64 b, uint64 c) public pure {
        unchecked {
            if (a + b == 0x5fae1222be01eeee) {
                if (a - b == 0x5e2c1246999941fe) {
                    if (c * a == 0x2033767bdc91deda) {
                        assert(false); //@finding(assert-failure)
                    }
                }
            }
        }
    }
}
