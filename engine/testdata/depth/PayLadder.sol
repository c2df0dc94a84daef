// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Depth fixture: Ladder.sol with payable rungs. The 14 transactions the
// bug needs must not be crowded out by wrong calls that paid ether and
// did nothing else; no code here reads a balance, so compaction drops
// them like any other wrong call (engine/fuzz/compact.go). Nothing can
// take the ether out again, which is a finding of its own.
contract PayLadder { //@finding(freezing-ether)
    uint256 public rung;

    function rung0() public payable { if (rung == 0) rung = 1; }
    function rung1() public payable { if (rung == 1) rung = 2; }
    function rung2() public payable { if (rung == 2) rung = 3; }
    function rung3() public payable { if (rung == 3) rung = 4; }
    function rung4(uint256 k) public payable { if (rung == 4) { if (k == 4242) rung = 5; } }
    function rung5() public payable { if (rung == 5) rung = 6; }
    function rung6() public payable { if (rung == 6) rung = 7; }
    function rung7() public payable { if (rung == 7) rung = 8; }
    function rung8() public payable { if (rung == 8) rung = 9; }
    function rung9(uint256 k) public payable { if (rung == 9) { if (k == 9999) rung = 10; } }
    function rung10() public payable { if (rung == 10) rung = 11; }
    function rung11() public payable { if (rung == 11) rung = 12; }
    function rung12() public payable { if (rung == 12) rung = 13; }

    function top() public view {
        if (rung == 13) {
            assert(false); //@finding(assert-failure)
        }
    }
}
