// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Fixed: an investor has one entry, which its later investments add to,
// so one sender's investments no longer grow the loop of distribute().
contract Distributor {
    struct Deposit {
        address investor;
        bool credited;
        uint256 amount;
    }

    Deposit[] private deposits;
    mapping(address => uint256) private entry; // index + 1
    mapping(address => uint256) public credit;

    function invest() external payable {
        require(msg.value > 0, "no value");
        uint256 e = entry[msg.sender];
        if (e == 0) {
            deposits.push(Deposit(msg.sender, false, msg.value));
            entry[msg.sender] = deposits.length;
            return;
        }
        Deposit storage d = deposits[e - 1];
        if (d.credited) {
            credit[msg.sender] += msg.value;
        } else {
            d.amount += msg.value;
        }
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
