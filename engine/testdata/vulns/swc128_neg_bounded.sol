// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The same distributor with a bounded array: invest() takes at most 50
// deposits, so distribute() never walks more than 50 entries and its gas
// stays far under the block gas limit: the fuzzer's pushes start failing
// at the bound, before the limit is reached.
contract BoundedDistributor {
    struct Deposit {
        address investor;
        bool credited;
        uint256 amount;
    }

    Deposit[] private deposits;
    mapping(address => uint256) public credit;

    function invest() external payable {
        require(msg.value > 0, "no value");
        require(deposits.length < 50, "full");
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
