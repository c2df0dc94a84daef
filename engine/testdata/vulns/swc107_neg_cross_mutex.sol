// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The order of swc107_pos_cross_function.sol, but one mutex guards every
// function that moves tickets: transferTickets() re-entered from the hook
// reverts on the lock, so nothing is counted twice.
interface IRedeemReceiver {
    function onRedeem(uint256 n) external;
}

contract TicketBookGuarded {
    mapping(address => uint256) public tickets;
    mapping(address => bool) public registered;
    mapping(address => uint256) public redeemed;
    bool private locked;

    modifier nonReentrant() {
        require(!locked, "reentrant call");
        locked = true;
        _;
        locked = false;
    }

    function register() external {
        require(!registered[msg.sender], "registered");
        registered[msg.sender] = true;
        tickets[msg.sender] = 10;
    }

    function transferTickets(address to, uint256 n) external nonReentrant {
        require(tickets[msg.sender] >= n, "not enough tickets");
        tickets[msg.sender] -= n;
        tickets[to] += n;
    }

    function redeem() external nonReentrant {
        uint256 n = tickets[msg.sender];
        require(n > 0, "no tickets");
        if (msg.sender.code.length > 0) {
            IRedeemReceiver(msg.sender).onRedeem(n);
        }
        tickets[msg.sender] = 0;
        redeemed[msg.sender] += n;
    }
}
