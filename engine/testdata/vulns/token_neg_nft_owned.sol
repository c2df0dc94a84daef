// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// token_pos_nft_owned.sol with transferFrom's check of the caller: only
// the owner of a token moves it, so the least-privilege search's
// variants (the owner's transactions sent by an ordinary user) take
// nothing that is not the sender's own.
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

    function transferFrom(address from, address to, uint256 id) external {
        require(ownerOf[id] == from, "wrong from");
        require(msg.sender == from, "not yours");
        require(to != address(0), "zero to");
        ownerOf[id] = to;
        balanceOf[from]--;
        balanceOf[to]++;
        emit Transfer(from, to, id);
    }
}
