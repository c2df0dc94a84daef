// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Wrapped ether with depositTo(to), as WETH-style wrappers have it: a
// sender wraps ether for another account, which may then unwrap it with
// withdraw(). The withdrawer never sent the contract ether, yet what it
// takes out is what another sender paid in for it, debited from its own
// balance: no other people's money. No SWC-105 (issue 68). The twin
// whose withdrawFrom() debits one account and lets anyone take it is
// swc105_pos_deposit_to.sol.
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
        balanceOf[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }
}
