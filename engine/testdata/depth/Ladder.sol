// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Depth fixture: a ladder of 13 rungs climbed in order, one transaction
// per rung (rung0() ... rung12(); rung4 wants k == 4242, rung9 wants
// k == 9999), after which top() fails: the bug needs a sequence of 14
// transactions. A wrong call at any rung changes nothing.
contract Ladder {
    uint256 public rung;

    function rung0() public { if (rung == 0) rung = 1; }
    function rung1() public { if (rung == 1) rung = 2; }
    function rung2() public { if (rung == 2) rung = 3; }
    function rung3() public { if (rung == 3) rung = 4; }
    function rung4(uint256 k) public { if (rung == 4) { if (k == 4242) rung = 5; } }
    function rung5() public { if (rung == 5) rung = 6; }
    function rung6() public { if (rung == 6) rung = 7; }
    function rung7() public { if (rung == 7) rung = 8; }
    function rung8() public { if (rung == 8) rung = 9; }
    function rung9(uint256 k) public { if (rung == 9) { if (k == 9999) rung = 10; } }
    function rung10() public { if (rung == 10) rung = 11; }
    function rung11() public { if (rung == 11) rung = 12; }
    function rung12() public { if (rung == 12) rung = 13; }

    function top() public view {
        if (rung == 13) {
            assert(false); //@finding(assert-failure)
        }
    }
}
