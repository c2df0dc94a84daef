// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Ticket sale that returns the change with a low-level call whose result is
// ignored. buy() from the reverting attacker (any msg.value >= PRICE): the
// refund call fails, the transaction still succeeds, the change is kept.
contract TicketBooth {
    uint256 public constant PRICE = 0.01 ether;
    address public immutable organizer;
    mapping(address => uint256) public tickets;

    constructor() {
        organizer = msg.sender;
    }

    function buy() external payable {
        require(msg.value >= PRICE, "price");
        tickets[msg.sender] += 1;
        payable(msg.sender).call{value: msg.value - PRICE}(""); //@finding(SWC-104)
    }

    function collect() external {
        require(msg.sender == organizer, "not organizer");
        payable(organizer).transfer(address(this).balance);
    }
}
