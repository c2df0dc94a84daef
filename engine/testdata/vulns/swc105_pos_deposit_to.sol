// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc105_neg_deposit_to.sol: the same wrapped ether,
// but withdraw() checks the balance and forgets to debit it. An account
// another sender wrapped ether for with depositTo() unwraps it again and
// again: the first withdrawal is what was paid in for it, the next ones
// are other people's ether (the 10 ether the contract started with).
// Two accounts credited more than the pool holds also race for it, a true
// SWC-114 (opt-in) that only some source texts' campaigns reach at seed 1
// (a comment changed moves the search); it is not labelled.
contract WrappedEther {
    mapping(address => uint256) public balanceOf;

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
    }

    function depositTo(address to) external payable {
        balanceOf[to] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balanceOf[msg.sender] >= amount, "balance");
        payable(msg.sender).transfer(amount); //@finding(SWC-105)
    }
}
