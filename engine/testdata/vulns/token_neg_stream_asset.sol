// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A stream vault whose token is an argument, as Sablier's lockups take it:
// create's struct names the asset, the vault pulls the deposit from its
// caller with transferFrom, and the stream unlocks linearly over time.
// The build deploys no ERC-20: the fuzzer's senders hold Foresight's token
// and approved the vault, as users of a deployed vault would have, and
// the token's address goes into the struct. withdraw forgot to check that
// the caller is the stream's recipient when it withdraws elsewhere: a
// stranger, once time passed, withdraws another user's stream to itself
// (token-theft: paid tokens it never paid in, out of another's deposit).
contract AssetStreams {
    struct Params {
        address sender;
        address recipient;
        uint128 total;
        IAsset asset;
        bool cancelable;
        uint40 duration;
    }

    struct Stream {
        IAsset asset;
        address recipient;
        uint128 deposited;
        uint128 withdrawn;
        uint40 start;
        uint40 end;
    }

    uint256 public nextStreamId = 1;
    mapping(uint256 => Stream) internal streams;

    function create(Params calldata p) external returns (uint256 id) {
        require(p.total > 0, "zero deposit");
        require(p.recipient != address(0), "zero recipient");
        require(p.duration > 0, "zero duration");
        id = nextStreamId++;
        streams[id] = Stream(p.asset, p.recipient, p.total, 0, uint40(block.timestamp), uint40(block.timestamp) + p.duration);
        require(p.asset.transferFrom(msg.sender, address(this), p.total), "transfer");
    }

    function withdrawable(uint256 id) public view returns (uint128) {
        Stream storage s = streams[id];
        if (block.timestamp <= s.start) return 0;
        uint256 elapsed = block.timestamp >= s.end ? s.end - s.start : block.timestamp - s.start;
        return uint128(uint256(s.deposited) * elapsed / (s.end - s.start)) - s.withdrawn;
    }

    function withdraw(uint256 id, address to, uint128 amount) external {
        Stream storage s = streams[id];
        require(s.deposited > 0, "null stream");
        require(to != address(0), "zero address");
        require(amount > 0 && amount <= withdrawable(id), "overdraw");
        require(to == s.recipient || msg.sender == s.recipient, "not recipient");
        s.withdrawn += amount;
        require(s.asset.transfer(to, amount), "transfer");
    }
}

interface IAsset {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
