// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IMintReceiver {
    function onMint(uint256 id) external;
}

// One-per-address mint with a receiver hook (like ERC721 safeMint): the hook
// is called on the minter before hasMinted is set. The reentrant attacker
// calls mint(); from onMint it re-enters mint(), still sees hasMinted false
// and mints a second token. No ether involved.
contract LimitedDrop {
    mapping(address => bool) public hasMinted;
    mapping(uint256 => address) public ownerOf;
    uint256 public nextId;

    function mint() external {
        require(!hasMinted[msg.sender], "already minted");
        uint256 id = nextId;
        nextId = id + 1;
        ownerOf[id] = msg.sender;
        if (msg.sender.code.length > 0) {
            IMintReceiver(msg.sender).onMint(id); //@finding(SWC-107)
        }
        hasMinted[msg.sender] = true;
    }
}
