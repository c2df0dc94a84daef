// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A concrete base with only receive() (the Safe's EtherPaymentFallback),
// inherited by a wallet that sends ether out: nobody deploys the base
// alone, so it is judged in the contract that inherits it, which has a
// way out. Neither is reported.
contract PaymentFallback {
    event SafeReceived(address indexed sender, uint256 value);

    receive() external payable {
        emit SafeReceived(msg.sender, msg.value);
    }
}

contract Wallet is PaymentFallback {
    address public immutable owner;

    constructor() {
        owner = msg.sender;
    }

    function execute(address payable to, uint256 value) external {
        require(msg.sender == owner, "not owner");
        (bool ok, ) = to.call{value: value}("");
        require(ok, "failed");
    }
}
