// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A governance timelock's two-step admin handover whose first step lost
// its check: setPendingAdmin should be callable only by the timelock
// itself (through a queued transaction), but any sender can name itself
// the pending admin and then accept. acceptAdmin checks its caller
// correctly; the check that is missing is setPendingAdmin's, where the
// finding goes. As admin the stranger can queue transactions.
contract Timelock {
    address public admin;
    address public pendingAdmin;
    uint256 public delay = 2 days;
    mapping(bytes32 => bool) public queued;

    constructor() {
        admin = msg.sender;
    }

    function setPendingAdmin(address next) external { //@finding(privilege-takeover)
        pendingAdmin = next;
    }

    function acceptAdmin() external {
        require(msg.sender == pendingAdmin, "Timelock: not pending admin");
        admin = msg.sender;
        pendingAdmin = address(0);
    }

    function queueTransaction(address target, uint256 value, bytes calldata data, uint256 eta) external returns (bytes32) {
        require(msg.sender == admin, "Timelock: not admin");
        require(eta >= block.timestamp + delay, "Timelock: eta too early");
        bytes32 id = keccak256(abi.encode(target, value, data, eta));
        queued[id] = true;
        return id;
    }
}
