// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A crowdsale's refund vault (OpenZeppelin 1.x's RefundVault) whose
// refund pays only at even timestamps. Only the owner deposits, for an
// investor it names, and opens refunds; anyone then refunds an investor.
// The payout needs the owner's deposit and the refund to name the same
// account, which two independent address arguments rarely do: the
// search runs a sequence whose refund named another account than the
// owner's deposit again with both naming one unprivileged sender
// (credit.go), and that refund at an even timestamp is paid.
contract TimedVault {
    address public owner;
    bool public refunding;
    mapping(address => uint256) public deposited;

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
        require(block.timestamp % 2 == 0, "odd second"); //@finding(SWC-116)
        payable(investor).transfer(value);
    }
}
