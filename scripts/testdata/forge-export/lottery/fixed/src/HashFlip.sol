// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// HashFlip.sol fixed: flip() only places the bet; the house settles it
// with a seed it committed to before the bet, so no blockhash decides it.
contract HashFlip {
    uint256 public constant STAKE = 1e15;
    address public house = msg.sender;
    bytes32 public seedHash;
    mapping(address => bool) public bet;

    function setSeed(bytes32 h) external {
        require(msg.sender == house && seedHash == 0, "house, once");
        seedHash = h;
    }

    function flip() external payable {
        require(msg.value == STAKE, "stake");
        bet[msg.sender] = true;
    }

    function settle(address player, bytes32 seed) external {
        require(msg.sender == house && keccak256(abi.encode(seed)) == seedHash, "seed");
        require(bet[player], "no bet");
        bet[player] = false;
        if (uint256(keccak256(abi.encode(seed, player))) % 2 == 0) {
            payable(player).transfer(2 * STAKE);
        }
    }
}
