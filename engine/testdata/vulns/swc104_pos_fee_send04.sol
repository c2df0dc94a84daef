// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The fee goes to the treasury the constructor fixed (the deployer) with a
// send whose flag is dropped: were the treasury a wallet that rejects
// payments, every fee would stay in the shop unnoticed. The send never
// fails in the campaign (the treasury is an account); its flag is never
// used all the same, which is the bug. One transaction: buy() with ether.
contract FeeShop04 {
    address public treasury;
    mapping(address => uint256) public credits;

    constructor() public {
        treasury = msg.sender;
    }

    function buy() public payable {
        require(msg.value > 0);
        uint256 fee = msg.value / 10;
        treasury.send(fee); //@finding(SWC-104)
        credits[msg.sender] += msg.value - fee;
    }
}
