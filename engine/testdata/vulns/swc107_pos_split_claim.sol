// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A payment splitter (OpenZeppelin 1.x's SplitPayment) whose claim() adds
// the payout to totalReleased only after paying it with all the gas. The
// payee's own claim re-entered at once reverts: the balance already
// dropped by the payout under way while totalReleased did not grow, so the
// payee's share of the total is less than what is already released to it
// (checked subtraction). The reentrant attacker (a payee: the deployment
// names the fuzzer's accounts in the constructor's list) that sent ether
// in its previous transaction re-enters receive() with that ether first,
// out of its own: the re-entered claim() then commits, computed from the
// stale totalReleased, which the outer claim() writes after the call.
contract SplitClaim {
    uint256 public totalShares;
    uint256 public totalReleased;
    mapping(address => uint256) public shares;
    mapping(address => uint256) public released;

    constructor(address[] memory payees) {
        require(payees.length > 1, "two payees at least");
        for (uint256 i = 0; i < payees.length; i++) {
            address payee = payees[i];
            if (payee == address(0) || shares[payee] != 0) continue;
            shares[payee] = 1;
            totalShares += 1;
        }
    }

    receive() external payable {}

    function claim() external {
        uint256 share = shares[msg.sender];
        require(share > 0, "no shares");
        uint256 total = address(this).balance + totalReleased;
        uint256 payment = (total * share) / totalShares - released[msg.sender];
        require(payment != 0, "nothing due");
        released[msg.sender] += payment;
        (bool ok, ) = msg.sender.call{value: payment}(""); //@finding(SWC-107)
        require(ok, "payment failed");
        totalReleased += payment;
    }
}
