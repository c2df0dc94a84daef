// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a bytes input equal to a constant, compared byte by byte.
contract BytesEquality {
    function f(bytes calldata b) external pure {
        bytes8 k = 0x5eed5eed12345678;
        if (b.length != 8) return;
        for (uint256 i = 0; i < 8; i++) {
            if (b[i] != k[i]) return;
        }
        assert(false);
    }
}
