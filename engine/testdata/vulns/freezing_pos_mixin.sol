// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Positive twin of freezing_neg_mixin.sol: the contract that inherits the
// receive()-only base has no way to send ether out either. The base is
// judged in it (not on its own), so only the derived contract is reported.
contract PaymentFallback {
    event SafeReceived(address indexed sender, uint256 value);

    receive() external payable {
        emit SafeReceived(msg.sender, msg.value);
    }
}

contract Registry is PaymentFallback { //@finding(freezing-ether)
    mapping(bytes32 => address) public ownerOf;

    function register(bytes32 name) external {
        require(ownerOf[name] == address(0), "taken");
        ownerOf[name] = msg.sender;
    }
}
