// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An owner-only payout whose send's flag is dropped. Only the deployer
// (the owner) can run it, so the fuzzer has the deployer send too; an
// owner's ignored send is still an unchecked call. Two transactions at
// most: deposit() with ether (or none: the contract starts with ether),
// then payout(attacker, amount) from the deployer, where the reverting or
// gas-burning attacker makes the send fail.
contract OwnerPayout {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {}

    function payout(address payable to, uint256 amount) external {
        require(msg.sender == owner, "not owner");
        require(amount <= address(this).balance, "too much");
        to.send(amount); //@finding(SWC-104)
    }
}
