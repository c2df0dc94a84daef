// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The move out of cell 25 of mazegen's seed-20004 maze (depth 28): an
// equality over a0 and a5 under a range on a0, then two ranges on a5.
// The solutions with both in the first two ranges lie on one lattice
// line that crosses the box near both tops, far from its centre.
contract BoxCorner {
    function g(uint64 a0, uint64 a5) external pure {
        unchecked {
            if (a0 < 0x813a8e20) {
                if (a0 * 590 + a5 * 3157 + 20146 == 0x75a51b4deb3) {
                    if (a5 < 0x808ad7af) {
                        if (a5 - 0x807cfc2e < 666) {
                            assert(false);
                        }
                    }
                }
            }
        }
    }
}
