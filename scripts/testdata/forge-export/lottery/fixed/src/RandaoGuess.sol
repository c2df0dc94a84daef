// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// RandaoGuess.sol fixed: guess() only records the guess; the house
// settles it with a seed it committed to before, so no prevrandao
// decides it.
contract RandaoGuess {
    uint256 public constant STAKE = 1e15;
    address public house = msg.sender;
    bytes32 public seedHash;
    mapping(address => uint256) public guessed; // the guess plus one

    function setSeed(bytes32 h) external {
        require(msg.sender == house && seedHash == 0, "house, once");
        seedHash = h;
    }

    function guess(uint256 g) external payable {
        require(msg.value == STAKE, "stake");
        guessed[msg.sender] = g + 1;
    }

    function settle(address player, bytes32 seed) external {
        require(msg.sender == house && keccak256(abi.encode(seed)) == seedHash, "seed");
        uint256 g = guessed[player];
        require(g != 0, "no guess");
        guessed[player] = 0;
        if (uint256(seed) % 4 == g - 1) {
            payable(player).transfer(3 * STAKE);
        }
    }
}
