// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc128_neg_view.sol: the same walk over every
// deposit, but settle() stores its result, so it is a transaction users
// must send, and any sender's deposits push it past the block gas limit.
contract SettledBook {
    struct Deposit {
        address investor;
        uint256 amount;
        uint256 at;
        uint256 weight;
    }

    Deposit[] private deposits;
    uint256 public settled;
    mapping(address => uint256) public credit;

    function invest() external payable {
        require(msg.value > 0, "no value");
        deposits.push(Deposit(msg.sender, msg.value, block.timestamp, 1 + msg.value % 7));
        credit[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = credit[msg.sender];
        credit[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }

    function settle() external { //@finding(SWC-128)
        uint256 total;
        for (uint256 i = 0; i < deposits.length; i++) {
            Deposit storage d = deposits[i];
            total += d.amount * d.weight + d.at;
        }
        settled = total;
    }
}
