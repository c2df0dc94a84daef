// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A paid-mint collection its owner runs (its base URI, the proceeds it
// withdraws, the ownership it hands over), whose transferFrom checks
// that from owns the token but not that the caller may move it. The
// owner's transactions are in most sequences that reach a transfer, and
// a sequence with a privileged sender proves nothing, so the theft is
// found when the least-privilege search (oracle/depriv.go) sends them
// from an ordinary user (token-theft: a user's token taken by another).
contract OwnedCollection {
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    uint256 public next;
    uint256 public constant price = 1 ether / 100;
    address public owner;
    string public baseURI;

    event Transfer(address indexed from, address indexed to, uint256 indexed id);

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function setBaseURI(string calldata u) external onlyOwner {
        baseURI = u;
    }

    function transferOwnership(address to) external onlyOwner {
        owner = to;
    }

    function withdraw() external onlyOwner {
        payable(owner).transfer(address(this).balance);
    }

    function mint(uint256 quantity) external payable {
        require(quantity > 0 && quantity <= 5, "quantity");
        require(msg.value == price * quantity, "price");
        for (uint256 i = 0; i < quantity; i++) {
            uint256 id = next++;
            ownerOf[id] = msg.sender;
            balanceOf[msg.sender]++;
            emit Transfer(address(0), msg.sender, id);
        }
    }

    function transferFrom(address from, address to, uint256 id) external { //@finding(token-theft)
        require(ownerOf[id] == from, "wrong from");
        require(to != address(0), "zero to");
        ownerOf[id] = to;
        balanceOf[from]--;
        balanceOf[to]++;
        emit Transfer(from, to, id);
    }
}
