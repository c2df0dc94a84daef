// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// solc 0.4 twin of swc105_pos_no_debit.sol: withdrawAll() pays the
// caller's whole balance and forgets to zero it, so the caller withdraws
// its deposit twice, the second time out of another sender's deposit.
contract DoubleWithdraw {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdrawAll() public {
        uint256 amount = balances[msg.sender];
        require(amount > 0);
        msg.sender.transfer(amount); //@finding(SWC-105)
    }
}
