// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Sablier's withdrawMultiple (here several amounts of one stream) over a
// checks-effects-interactions withdraw: each iteration checks the stream,
// writes `withdrawn`, reads the stream back, then transfers the stream's
// token (a contract its creator chose, which may call back). When the token re-enters during iteration i, it
// sees the withdrawal already booked; iteration i+1 then reads and writes
// `withdrawn` afresh before its own transfer. Nothing is re-entered stale.
contract BatchStreams {
    struct Stream {
        address token;
        bool depleted;
        address recipient;
        uint128 deposited;
        uint128 withdrawn;
    }

    mapping(uint256 => Stream) public streams;
    uint256 public nextId = 1;

    function create(address token, address recipient, uint128 amount) external returns (uint256 id) {
        require(token.code.length > 0 && recipient != address(0) && amount > 0, "bad stream");
        id = nextId++;
        streams[id] = Stream(token, false, recipient, amount, 0);
    }

    function withdraw(uint256 id, uint128 amount) public {
        Stream storage s = streams[id];
        require(s.token != address(0) && !s.depleted, "no stream");
        require(amount > 0 && amount <= s.deposited - s.withdrawn, "overdraw");
        s.withdrawn += amount;
        Stream memory after_ = s;
        if (after_.withdrawn >= after_.deposited) {
            s.depleted = true;
        }
        _transfer(after_.token, after_.recipient, amount);
    }

    function withdrawMultiple(uint256 id, uint128[] calldata amounts) external {
        for (uint256 i = 0; i < amounts.length; i++) {
            withdraw(id, amounts[i]);
        }
    }

    // SafeERC20's transfer: the token must have code; empty return data
    // or true is success.
    function _transfer(address token, address to, uint256 amount) private {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "transfer failed");
    }
}
