// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An ERC-721 whose transferFrom checks that from owns the token but not
// that the caller may move it: any account takes another's token. The
// fuzzer mints a token as one user and transfers it to itself as another
// (token-theft: the owner's balance fell in a transaction it did not send,
// with no approval of its own).
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

    function transferFrom(address from, address to, uint256 id) external { //@finding(token-theft)
        require(ownerOf[id] == from, "wrong from");
        require(to != address(0), "zero to");
        delete getApproved[id];
        ownerOf[id] = to;
        balanceOf[from]--;
        balanceOf[to]++;
        emit Transfer(from, to, id);
    }
}
