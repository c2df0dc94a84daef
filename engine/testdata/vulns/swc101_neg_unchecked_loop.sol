// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Loop indices and counters incremented by one inside unchecked { }: an
// index bounded by a length and a nonce cannot realistically reach
// 2**256, which is why the author left out the check.
contract Batch {
    uint256[] public values;
    uint256 public sum;
    uint256 public nonce;
    mapping(uint256 => address) public byNonce;

    function push(uint256 v) external {
        require(values.length < 32 && v < 1e30);
        values.push(v);
    }

    function total() external {
        uint256 s;
        uint256 n = values.length;
        for (uint256 i; i < n; ) {
            s += values[i];
            unchecked {
                ++i;
            }
        }
        sum = s;
    }

    function next() external returns (uint256 id) {
        unchecked {
            id = nonce++;
        }
        byNonce[id] = msg.sender;
    }
}
