// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Two-step: initialize() is meant to be called by the deployer but was never
// called, so the first caller becomes owner and can then destroy() the
// wallet. Any sender: initialize(), then destroy(). The balance goes to the
// recovery address (the deployer), so there is no ether leak.
contract RecoverableWallet {
    address public owner;
    address payable public immutable recovery;

    constructor() {
        recovery = payable(msg.sender);
    }

    function initialize() external {
        require(owner == address(0), "already initialized");
        owner = msg.sender;
    }

    function deposit() external payable {}

    function destroy() external {
        require(msg.sender == owner, "not owner");
        selfdestruct(recovery); //@finding(SWC-106)
    }
}
