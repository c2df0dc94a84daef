// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The safe twin of swc107_pos_split_claim.sol: claim() adds the payout to
// released and totalReleased before paying it with all the gas. The
// reentrant attacker re-enters receive() with the ether of its previous
// transaction and then claim(), which commits when that ether made a new
// share due, but from totals that already count the payout under way,
// and the outer claim() touches no storage after the call: no finding.
contract SplitClaimSafe {
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
        totalReleased += payment;
        (bool ok, ) = msg.sender.call{value: payment}("");
        require(ok, "payment failed");
    }
}
