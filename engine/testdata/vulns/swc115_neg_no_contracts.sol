// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// tx.origin == msg.sender is the "no contract callers" idiom, not an
// authorisation against a stored owner.
contract Faucet {
    mapping(address => bool) public claimed;
    mapping(address => uint256) public points;

    function claim() external {
        require(tx.origin == msg.sender, "no contracts");
        require(!claimed[msg.sender], "already claimed");
        claimed[msg.sender] = true;
        points[msg.sender] = 100;
    }
}
