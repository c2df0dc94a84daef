// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of ownerlock_pos_fee.sol: the owner sets the withdrawal fee,
// at most 5%, so a depositor always gets 95% of its balance back.
contract FeeVault {
    address public owner;
    uint256 public feeBps;
    mapping(address => uint256) public balances;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function setFee(uint256 bps) external {
        require(msg.sender == owner, "not owner");
        require(bps <= 500, "over 5%");
        feeBps = bps;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        uint256 fee = (amount * feeBps) / 10000;
        payable(owner).transfer(fee);
        payable(msg.sender).transfer(amount - fee);
    }
}
