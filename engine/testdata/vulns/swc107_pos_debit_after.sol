// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A withdraw that checks the balance, pays, and only then debits it:
// checks-effects-interactions broken, as in OpenZeppelin-based vaults that
// rely on nonReentrant and drop it. The debit after the call loads the
// balance again, but only for checked arithmetic's underflow test, which
// checks nothing of what a re-entry left: the re-entered withdraw read the
// balance the outer call had checked and not yet debited.
contract DebitAfter {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "balance");
        (bool ok, ) = payable(msg.sender).call{value: amount}(""); //@finding(SWC-107)
        require(ok, "transfer failed");
        balances[msg.sender] -= amount;
    }
}
