// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The safe twin of swc116_pos_vault_refund.sol: the refund records when
// it was paid instead of depending on the timestamp. The search names
// one unprivileged sender in the owner's deposit and in the refund
// (credit.go), the refund pays that investor its deposit once and debits
// it: no finding.
contract RecordedVault {
    address public owner;
    bool public refunding;
    mapping(address => uint256) public deposited;
    mapping(address => uint256) public refundedAt;

    constructor() {
        owner = msg.sender;
    }

    function deposit(address investor) external payable {
        require(msg.sender == owner, "owner only");
        require(!refunding, "refunding");
        deposited[investor] += msg.value;
    }

    function enableRefunds() external {
        require(msg.sender == owner, "owner only");
        refunding = true;
    }

    function refund(address investor) external {
        require(refunding, "not refunding");
        uint256 value = deposited[investor];
        deposited[investor] = 0;
        refundedAt[investor] = block.timestamp;
        payable(investor).transfer(value);
    }
}
