// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Bad randomness after an owner's action: players stake, the owner opens
// the draw, and then each player's draw pays double when the previous
// block's hash is even. The owner's transaction only opened the draw; the
// payout is decided in the player's own transaction by a value every
// transaction of the block knows, so a player (or the block producer)
// draws only when it wins. (The refund of 0.4-era OpenZeppelin's
// RefundVault, opened by its owner, has the same shape.) The fuzzer
// reaches it: the deployer (the owner) is a sender, a player enters,
// the owner opens, the player draws.
contract OwnerDraw {
    uint256 constant STAKE = 1 ether;
    address public owner;
    bool public open;
    mapping(address => uint256) public stake;

    constructor() {
        owner = msg.sender;
    }

    function start() external {
        require(msg.sender == owner);
        open = true;
    }

    function enter() external payable {
        require(msg.value == STAKE && stake[msg.sender] == 0);
        stake[msg.sender] = msg.value;
    }

    function draw() external {
        require(open);
        uint256 s = stake[msg.sender];
        require(s > 0);
        stake[msg.sender] = 0;
        if (uint256(blockhash(block.number - 1)) % 2 == 0) { //@finding(SWC-120)
            payable(msg.sender).transfer(2 * s);
        }
    }
}
