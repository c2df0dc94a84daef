// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of swc113_pos_refund_all.sol: the refund loop records a
// failed send instead of reverting, but its bound is off by one
// (i <= length), so every refundAll() ends with an index out of bounds.
// A send to the reverting attacker fails in the same loop, yet the revert
// is the bounds check (Panic 0x32, opt-in), not the failed call. Expected
// findings: none.
contract OffByOneRefund {
    address payable[] private investors;
    mapping(address => uint256) public invested;
    mapping(address => uint256) public owed;

    function invest() external payable {
        require(msg.value > 0, "no value");
        if (invested[msg.sender] == 0) investors.push(payable(msg.sender));
        invested[msg.sender] += msg.value;
    }

    function refundAll() external {
        for (uint256 i = 0; i <= investors.length; i++) {
            address payable investor = investors[i];
            uint256 amount = invested[investor];
            invested[investor] = 0;
            if (!investor.send(amount)) {
                owed[investor] += amount;
            }
        }
        delete investors;
    }

    function claim() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "claim failed");
    }
}
