// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// takeover_pos_pending_admin.sol with a contract as the admin (a
// governor the timelock deploys), not the deployer: the admin word holds
// no account the fuzzer has, yet a stranger that names itself pending
// admin and accepts takes the governor's place all the same, and can
// then queue transactions.
contract Timelock {
    address public admin;
    address public pendingAdmin;
    uint256 public delay = 2 days;
    mapping(bytes32 => bool) public queued;

    constructor() {
        admin = address(new Governor());
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

contract Governor {
    uint256 public proposals;

    function propose() external {
        proposals++;
    }
}
