// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A splitter that credits two payees with a payment and lets each claim
// what it is owed. An attacker contract paying in for another account,
// also while re-entering claim() (a claim of nothing that calls pay()
// again), gives that account ether it then claims: the attacker's own
// gift, no leak. The oracle missed the attacker's ether paid in on a
// transaction that paid nothing out (no event of its own) and took the
// payee's second claim for a withdrawal that pays again without a debit.
contract FeeSplitter {
    mapping(address => uint256) public owed;

    function pay(address a, address b) external payable {
        owed[a] += msg.value / 2;
        owed[b] += msg.value - msg.value / 2;
    }

    function claim() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        (bool ok,) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
    }
}
