// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// ownerlock_neg_anyone_settles.sol with one owner-only function: abort()
// ends the round without paying the pot back. After a player joined, the
// owner's abort() makes its quit() (or, with two players, settle())
// revert, its stake kept for good, and no player can send abort(): the
// privilege causes the lock. Reported at abort().
// Seeds 1-30 find it after a median of about 2,000 executions, and one
// or two of them past 18,000, at 4a11e24 (18,025) as after it (21,557):
// the common 20,000 sits in that tail.
//@execs 40000
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

    function abort() external { //@finding(owner-lock)
        require(msg.sender == owner, "not owner");
        joined = 0;
    }
}
