// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Vault is TestCarry's code under test; the cases edit it (their "now"
// texts) and the suite's test (their "test" texts) through overlays.

uint256 constant FEE = 1;

library Fees {
    function cut(uint256 amount) internal pure returns (uint256) {
        return amount * FEE / 100;
    }
}

contract Base {
    function one() internal pure returns (uint256) {
        return 1;
    }
}

contract Vault {
    struct Position {
        uint256 amount;
    }

    mapping(address => uint256) public balances;
    uint256 public totalDeposits;

    event Deposited(address who, uint256 amount);

    function deposit() external payable {
        balances[msg.sender] += msg.value;
        totalDeposits += msg.value;
        emit Deposited(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "vault: balance");
        balances[msg.sender] -= amount;
        totalDeposits -= amount;
        (bool ok,) = msg.sender.call{value: amount}("");
        require(ok, "vault: send");
    }

    function checkSolvency() external view {
        assert(address(this).balance >= totalDeposits);
    }
}
