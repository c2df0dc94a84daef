// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of swc105_pos_missing_modifier.sol: a two-player coin game.
// Each player stakes exactly 1 finney; once two have joined, anyone may
// settle(pick) and the pot of the two stakes goes to the player pick names
// (a stand-in for a fair draw). The winner paid in, and the pot is the
// players' own money: no leak. Expected findings: none.
contract CoinGame {
    uint256 public constant STAKE = 1e15;
    address payable[2] public players;
    uint256 public joined;
    uint256 public pot;

    function join() public payable {
        require(msg.value == STAKE);
        require(joined < 2);
        players[joined] = payable(msg.sender);
        joined += 1;
        pot += msg.value;
    }

    function settle(uint256 pick) public {
        require(joined == 2);
        address payable winner = players[pick % 2];
        uint256 amount = pot;
        pot = 0;
        joined = 0;
        (bool ok, ) = winner.call{value: amount}("");
        require(ok);
    }
}
