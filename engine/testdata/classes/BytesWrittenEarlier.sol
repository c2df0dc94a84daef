// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a flag an earlier call sets once its bytes input equals one of
// two constants, compared byte by byte, read in a later call behind a
// position an even earlier call set and an ordinary guard.
contract BytesWrittenEarlier {
    uint64 internal pos;
    uint256 internal coded;

    function code(bytes calldata b) external {
        if (_same(b, 0xdb03167da5998bf0)) coded |= 1 << 0;
        if (_same(b, 0xde05680ee726873a)) coded |= 1 << 1;
    }

    function _same(bytes calldata b, bytes8 k) internal pure returns (bool) {
        if (b.length != 8) return false;
        for (uint256 i = 0; i < 8; i++) {
            if (b[i] != k[i]) return false;
        }
        return true;
    }

    function move(uint64 a, uint64 b) external {
        unchecked {
            if (pos == 0) {
                if (a * 3 + 0x1234 == 0x9e3779b97f4a7c15) {
                    pos = 1;
                }
                return;
            }
            if ((b ^ 0x5a5a) == 0x1b2c3d4e5f607182) {
                if ((coded & (1 << 1)) != 0) {
                    assert(false);
                }
            }
        }
    }
}
