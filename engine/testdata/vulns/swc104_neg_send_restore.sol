// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The send() result is checked: on failure the amount is credited back so
// the recipient can retry later (no revert, nothing lost).
contract RetryBank {
    mapping(address => uint256) public pending;

    function deposit() external payable {
        pending[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = pending[msg.sender];
        require(amount > 0, "nothing pending");
        pending[msg.sender] = 0;
        if (!payable(msg.sender).send(amount)) {
            pending[msg.sender] += amount;
        }
    }
}
