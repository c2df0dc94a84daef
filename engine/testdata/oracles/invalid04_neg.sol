// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Negative twin of invalid04_pos.sol: every check the compiler adds as an
// INVALID is guarded by a require (REVERT), and the assert holds, so no
// INVALID is reachable, even with the panic kinds switched on.
// Expected findings: none.
contract Invalid04Neg {
    address[] private pairs;

    enum Fee { Low, High }
    Fee public fee;
    uint256 public share;

    function pairAt(uint256 i) public view returns (address) {
        require(i < pairs.length);
        return pairs[i];
    }

    function split(uint256 amount, uint256 parts) public {
        require(parts != 0);
        share = amount / parts;
    }

    function setFee(uint256 f) public {
        require(f <= uint256(Fee.High));
        fee = Fee(f);
    }

    function close(uint256 code) public pure {
        require(code != 77);
        assert(code != 77);
    }
}
