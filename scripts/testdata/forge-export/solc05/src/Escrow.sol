// SPDX-License-Identifier: MIT
pragma solidity ^0.5.0;

// Funds arrive with a payable call; releasing more than two payments in
// one escrow breaks the assertion (INVALID before 0.8).
contract Escrow {
    address public arbiter;
    uint256 public payments;
    uint256 public released;

    constructor(address arbiter_) public {
        arbiter = arbiter_;
    }

    function pay() external payable {
        require(msg.value > 0);
        payments += 1;
    }

    function refund() external {
        require(msg.sender == arbiter && released > 0);
        msg.sender.transfer(address(this).balance);
    }

    function release(uint256 n) external {
        require(n <= payments);
        released += n;
        assert(released <= 2);
    }
}
