// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// What a borrower still owes is computed inside unchecked { }: a
// repayment larger than the debt makes owedBy return nearly 2**256, which
// every integration reading it takes as a real debt.
contract Loans {
    mapping(address => uint256) public debt;
    mapping(address => uint256) public repaid;

    function borrow(uint256 amount) external {
        require(debt[msg.sender] == 0 && amount <= 1e24);
        debt[msg.sender] = amount;
    }

    function repay(uint256 amount) external {
        repaid[msg.sender] += amount;
    }

    function owedBy(address who) external view returns (uint256) {
        unchecked {
            return debt[who] - repaid[who]; //@finding(SWC-101)
        }
    }
}
