// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A fair raffle: each ticket costs 1 finney; once three tickets are sold,
// anyone may draw(seed) and the whole pot goes to the holder of the
// ticket seed picks (a stand-in for a fair draw), who may claim it once.
// The winner ends up with more than it paid, out of the other players'
// stakes, but by the game's rules: no leak. Expected findings: none.
contract Raffle {
    uint256 public constant PRICE = 1e15;
    address[] public tickets;
    mapping(address => uint256) public prize;

    function buy() external payable {
        require(msg.value == PRICE && tickets.length < 3);
        tickets.push(msg.sender);
    }

    function draw(uint256 seed) external {
        require(tickets.length == 3);
        address winner = tickets[seed % 3];
        prize[winner] += 3 * PRICE;
        delete tickets;
    }

    function claim() external {
        uint256 amount = prize[msg.sender];
        require(amount > 0);
        prize[msg.sender] = 0;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok);
    }
}
