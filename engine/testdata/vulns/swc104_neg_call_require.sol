// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of swc104_pos_change_call.sol: the refund call's result is
// required, so a recipient that rejects the change makes buy() revert.
contract CheckedTicketBooth {
    uint256 public constant PRICE = 0.01 ether;
    address public immutable organizer;
    mapping(address => uint256) public tickets;

    constructor() {
        organizer = msg.sender;
    }

    function buy() external payable {
        require(msg.value >= PRICE, "price");
        tickets[msg.sender] += 1;
        (bool ok, ) = payable(msg.sender).call{value: msg.value - PRICE}("");
        require(ok, "refund failed");
    }

    function collect() external {
        require(msg.sender == organizer, "not organizer");
        payable(organizer).transfer(address(this).balance);
    }
}
