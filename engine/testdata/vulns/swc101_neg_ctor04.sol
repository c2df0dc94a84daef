// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Negative twin of swc101_pos_ctor04.sol: the constructor's sums can
// wrap with extreme arguments, but each is checked before it is kept:
// the cliff's with the SafeMath idiom (c >= a, a wrap reverts), the
// total of the shares with an explicit comparison against an operand
// that keeps the old value. Expected findings: none.
contract CheckedVesting04 {
    uint256 public start;
    uint256 public cliff;
    uint256 public totalShares;
    uint256[] public shares;

    constructor(uint256 _start, uint256 _cliff, uint256[] _shares) public {
        uint256 c = _start + _cliff;
        require(c >= _start);
        start = _start;
        cliff = c;
        for (uint256 i = 0; i < _shares.length && i < 4; i++) {
            uint256 t = totalShares + _shares[i];
            if (t < totalShares) {
                continue;
            }
            totalShares = t;
            shares.push(_shares[i]);
        }
    }

    function vested() public view returns (bool) {
        return now >= cliff;
    }
}
