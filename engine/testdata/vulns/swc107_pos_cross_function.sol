// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Cross-function reentrancy: redeem() is nonReentrant and calls the
// holder's hook before zeroing its tickets, but transferTickets() has no
// guard. A holder contract that re-enters transferTickets() from the hook
// moves tickets that redeem() is about to redeem: they are counted twice.
// The reentrant attacker registers, transfers some tickets (its previous
// transaction), then redeems and re-enters that transfer.
interface IRedeemReceiver {
    function onRedeem(uint256 n) external;
}

contract TicketBook {
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
        if (msg.sender.code.length > 0) {
            IRedeemReceiver(msg.sender).onRedeem(n); //@finding(SWC-107)
        }
        tickets[msg.sender] = 0;
        redeemed[msg.sender] += n;
    }
}
