// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IMintReceiver {
    function onMint(uint256 id) external;
}

// Safe twin of swc107_pos_mint_callback.sol: hasMinted is set before the
// receiver hook runs, so a reentrant mint() reverts.
contract LimitedDropCEI {
    mapping(address => bool) public hasMinted;
    mapping(uint256 => address) public ownerOf;
    uint256 public nextId;

    function mint() external {
        require(!hasMinted[msg.sender], "already minted");
        hasMinted[msg.sender] = true;
        uint256 id = nextId;
        nextId = id + 1;
        ownerOf[id] = msg.sender;
        if (msg.sender.code.length > 0) {
            IMintReceiver(msg.sender).onMint(id);
        }
    }
}
