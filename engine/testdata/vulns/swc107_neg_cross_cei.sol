// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Checks-effects-interactions twin of swc107_pos_cross_function.sol:
// redeem() zeroes the tickets before the hook, so a transferTickets()
// re-entered from the hook finds none to move, and redeem() touches no
// ticket after the call.
interface IRedeemReceiver {
    function onRedeem(uint256 n) external;
}

contract TicketBookCEI {
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

    function transferTickets(address to, uint256 n) external {
        require(tickets[msg.sender] >= n, "not enough tickets");
        tickets[msg.sender] -= n;
        tickets[to] += n;
    }

    function redeem() external nonReentrant {
        uint256 n = tickets[msg.sender];
        require(n > 0, "no tickets");
        tickets[msg.sender] = 0;
        redeemed[msg.sender] += n;
        if (msg.sender.code.length > 0) {
            IRedeemReceiver(msg.sender).onRedeem(n);
        }
    }
}
