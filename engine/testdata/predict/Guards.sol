// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Guard shapes of the generated mazes (engine/internal/maze) that need
// more than HARVEY's secant: an xor nested inside a linear guard over the
// same argument (input-to-state, then the outer guard repaired with the
// other argument), and a two-equation system whose solution must also
// stay inside a narrow range of one argument (a pair direction that
// moves that argument by one).
contract Guards {
    function nestedXor(uint64 a0, uint64 a1, uint64 a7) external pure {
        unchecked {
            if (a7 * 0x4f84d2c4ac2f5ae1 + a0 * 232 == 0x9b3829b31fe9865c) {
                if ((a7 ^ 0x4d8c867c121e02f5) == 0x4d8c867c8d9d6201) {
                    assert(false); //@finding(assert-failure)
                }
            }
        }
    }

    function systemInRange(uint64 a3, uint64 a4, uint64 a5) external pure {
        unchecked {
            if (a4 * 2095 + a3 * 2587 == 0x15076002d91) {
                if (a4 - 0x291c6616 < 735) {
                    if (a4 * 2537 + a3 * 608 + 0x291585e65fead1ea == 0x2915877dcbf53863) {
                        assert(false); //@finding(assert-failure)
                    }
                }
            }
        }
    }
}
