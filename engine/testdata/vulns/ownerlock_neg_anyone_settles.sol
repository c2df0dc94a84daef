// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of ownerlock_pos_owner_aborts.sol: a two-player coin game with
// an owner. Each player stakes exactly 1 finney; once two have joined,
// anyone may settle(pick) and the pot goes to the player pick names (a
// stand-in for a fair draw); a lone player may leave with its stake. When
// the owner settles (or joins), a player's settle() or quit() after it
// pays nothing, but any player could have sent the owner's call with the
// same effect: the owner's privilege caused nothing, so it is no
// owner-lock. Expected findings: none.
contract OwnedCoinGame {
    uint256 public constant STAKE = 1e15;
    address public owner;
    address payable[2] public players;
    uint256 public joined;
    uint256 public pot;

    constructor() {
        owner = msg.sender;
    }

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

    // A lone player may leave and take its stake back.
    function quit() public {
        require(joined == 1 && players[0] == msg.sender);
        uint256 amount = pot;
        pot = 0;
        joined = 0;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok);
    }
}
