// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A stream vault that is itself an ERC-721, as Sablier's lockups are:
// create pulls the deposit of an ERC-20 asset (Foresight's token, named in
// the struct) from its caller and mints the stream's NFT to the recipient,
// and the stream unlocks linearly over time. withdraw forgot to check that
// the caller owns the stream when it withdraws elsewhere: a stranger, once
// time passed, withdraws another user's stream to itself (token-theft).
// This twin checks it: anyone may pay a stream out to its owner, only the
// owner or its approved account elsewhere. No finding.
// A deposit made by calling the vault is no gift to it because the vault
// is a token too: the asset paid in is another token, owed back.
contract NFTStreams {
    struct Params {
        address recipient;
        uint128 total;
        IAsset asset;
        uint40 duration;
    }

    struct Stream {
        IAsset asset;
        uint128 deposited;
        uint128 withdrawn;
        uint40 start;
        uint40 end;
    }

    event Transfer(address indexed from, address indexed to, uint256 indexed id);

    uint256 public nextStreamId = 1;
    mapping(uint256 => Stream) internal streams;
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;

    function create(Params calldata p) external returns (uint256 id) {
        require(p.total > 0, "zero deposit");
        require(p.recipient != address(0), "zero recipient");
        require(p.duration > 0, "zero duration");
        id = nextStreamId++;
        streams[id] = Stream(p.asset, p.total, 0, uint40(block.timestamp), uint40(block.timestamp) + p.duration);
        ownerOf[id] = p.recipient;
        balanceOf[p.recipient]++;
        emit Transfer(address(0), p.recipient, id);
        require(p.asset.transferFrom(msg.sender, address(this), p.total), "transfer");
    }

    function approve(address to, uint256 id) external {
        require(msg.sender == ownerOf[id], "not owner");
        getApproved[id] = to;
    }

    function transferFrom(address from, address to, uint256 id) external {
        require(from == ownerOf[id] && to != address(0), "not owner");
        require(msg.sender == from || msg.sender == getApproved[id], "not allowed");
        balanceOf[from]--;
        balanceOf[to]++;
        ownerOf[id] = to;
        delete getApproved[id];
        emit Transfer(from, to, id);
    }

    function withdrawable(uint256 id) public view returns (uint128) {
        Stream storage s = streams[id];
        if (block.timestamp <= s.start) return 0;
        uint256 elapsed = block.timestamp >= s.end ? s.end - s.start : block.timestamp - s.start;
        return uint128(uint256(s.deposited) * elapsed / (s.end - s.start)) - s.withdrawn;
    }

    function withdrawMax(uint256 id, address to) external {
        Stream storage s = streams[id];
        require(s.deposited > 0, "null stream");
        require(to != address(0), "zero address");
        uint128 amount = withdrawable(id);
        require(amount > 0, "nothing");
        require(to == ownerOf[id] || msg.sender == ownerOf[id] || msg.sender == getApproved[id], "not allowed");
        s.withdrawn += amount;
        require(s.asset.transfer(to, amount), "transfer");
    }
}

interface IAsset {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
