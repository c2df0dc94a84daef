// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Short-circuit conditions: the comparison that decides each branch flows
// to its JUMPI through the stack shuffling solc emits for && and ||
// (DUP, ISZERO, JUMPI over the second operand, JUMPDEST, POP), so its
// branch distance must survive that shuffling for input prediction to
// solve the constant. The constants are not in any dictionary a mutator
// would draw small values from; the wide ones are not even near a PUSH.
contract ShortCircuit {
    function and(uint64 a, uint64 k) public pure {
        if (a > 5 && k == 0x5fae1222be01eeee) {
            assert(false); //@finding(assert-failure)
        }
    }

    function or(uint64 a, uint64 k) public pure {
        if (!(a < 5 || k != 0x1e2c1246999941fe)) {
            assert(false); //@finding(assert-failure)
        }
    }

    function req(uint64 a, uint64 b) public pure {
        require(a == 0x2033767bdc91deda && b == 0x7d1e00c0ffee1234);
        assert(false); //@finding(assert-failure)
    }
}
