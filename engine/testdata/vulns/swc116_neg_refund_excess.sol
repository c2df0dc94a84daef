// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A sale open between two times: buy(n) forwards the price to the wallet
// the deployer fixed and refunds the buyer's excess msg.value. The times
// decide whether a purchase goes through, and the only ether a sender
// gets back is its own overpayment: no SWC-116 at either condition.
contract TimedSale {
    uint256 public constant PRICE = 0.1 ether;
    uint256 public immutable opens;
    uint256 public immutable closes;
    address public immutable wallet;
    mapping(address => uint256) public bought;

    constructor() {
        opens = block.timestamp + 1 hours;
        closes = block.timestamp + 30 days;
        wallet = msg.sender;
    }

    function buy(uint256 n) external payable {
        require(block.timestamp >= opens, "not open");
        require(block.timestamp < closes, "closed");
        require(n > 0 && n <= 10, "1 to 10");
        uint256 cost = n * PRICE;
        require(msg.value >= cost, "pay more");
        bought[msg.sender] += n;
        payable(wallet).transfer(cost);
        if (msg.value > cost) {
            payable(msg.sender).transfer(msg.value - cost);
        }
    }
}
