// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Not vulnerable: a sale open in a time window forwards each buyer's
// payment to the wallet the deployer chose. block.timestamp decides the
// branch before the transfer, but the ether goes to a fixed address, not
// to whoever sends the transaction: a miner moving the timestamp can only
// let a purchase in or keep it out, and gains nothing from the transfer.
// The fuzzer reaches it: every sender buys with ether once the window
// (a constructor argument, solved) is open.
contract SaleWindow {
    address payable public immutable wallet;
    uint256 public immutable opens;
    mapping(address => uint256) public bought;

    constructor(address payable _wallet) {
        require(_wallet != address(0));
        wallet = _wallet;
        opens = block.timestamp + 1 hours;
    }

    function buy() external payable {
        require(block.timestamp >= opens && msg.value > 0);
        bought[msg.sender] += msg.value;
        wallet.transfer(msg.value);
    }
}
