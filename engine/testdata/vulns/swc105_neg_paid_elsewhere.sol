// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe: each contract pays back only what was paid into it. A depositor
// paid by the splitter (another sender's payment for it) and then
// withdrawing its own credit from the escrow takes nothing of others':
// the escrow's payout is judged against the escrow's history, not the
// splitter's (pragma-widths' false SWC-105).
contract Escrow {
    mapping(address => uint256) public credit;

    function deposit() external payable {
        credit[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        credit[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }
}

contract Splitter {
    mapping(address => uint256) public owed;

    function pay(address to) external payable {
        owed[to] += msg.value;
    }

    function claim() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
