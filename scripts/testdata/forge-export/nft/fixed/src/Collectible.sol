// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The fixed Collectible: transferFrom checks that the caller owns the
// token or was approved for it, and moves nothing otherwise (the call
// still commits: only the balance the test reads tells the two apart).
contract Collectible {
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;
    uint256 public next;

    event Transfer(address indexed from, address indexed to, uint256 indexed id);
    event Approval(address indexed owner, address indexed spender, uint256 indexed id);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    function mint() external returns (uint256 id) {
        id = next++;
        ownerOf[id] = msg.sender;
        balanceOf[msg.sender]++;
        emit Transfer(address(0), msg.sender, id);
    }

    function approve(address spender, uint256 id) external {
        require(ownerOf[id] == msg.sender, "not owner");
        getApproved[id] = spender;
        emit Approval(msg.sender, spender, id);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 id) external {
        require(ownerOf[id] == from, "wrong from");
        if (msg.sender != from && msg.sender != getApproved[id] && !isApprovedForAll[from][msg.sender]) {
            return; // moves nothing: the call commits, the harm is gone
        }
        require(to != address(0), "zero to");
        delete getApproved[id];
        ownerOf[id] = to;
        balanceOf[from]--;
        balanceOf[to]++;
        emit Transfer(from, to, id);
    }
}
