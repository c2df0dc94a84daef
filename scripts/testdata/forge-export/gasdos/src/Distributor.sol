// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Every investment is a new entry of deposits, which any sender grows
// with invest(); distribute() walks every entry ever made in one loop,
// so a few thousand tiny investments make it need more than a block's
// gas, and no credit moves any more (SWC-128).
contract Distributor {
    struct Deposit {
        address investor;
        bool credited;
        uint256 amount;
    }

    Deposit[] private deposits;
    mapping(address => uint256) public credit;

    function invest() external payable {
        require(msg.value > 0, "no value");
        deposits.push(Deposit(msg.sender, false, msg.value));
    }

    function distribute() external {
        for (uint256 i = 0; i < deposits.length; i++) {
            Deposit storage d = deposits[i];
            if (!d.credited) {
                d.credited = true;
                credit[d.investor] += d.amount;
            }
        }
    }

    function withdraw() external {
        uint256 amount = credit[msg.sender];
        credit[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
