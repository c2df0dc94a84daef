// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A ticket office that names a ticket only in its event: open returns
// nothing and logs the ticket's 48-bit id (indexed) and seat (data);
// redeem reverts unless given both. The assertion behind it needs the
// logged values passed back, each to an argument of its own type.
contract Tickets {
    event Opened(uint48 indexed ticket, address holder, uint16 seat);

    mapping(uint48 => uint16) private seats;
    mapping(uint48 => uint8) private redeemed;
    uint256 private nonce;

    function open() external {
        uint48 ticket = uint48(bytes6(keccak256(abi.encode(msg.sender, nonce++))));
        uint16 seat = uint16(bytes2(keccak256(abi.encode(ticket)))) | 0x8000;
        seats[ticket] = seat;
        emit Opened(ticket, msg.sender, seat);
    }

    function redeem(uint48 ticket, uint16 seat) external {
        require(seats[ticket] != 0 && seats[ticket] == seat, "no such ticket");
        redeemed[ticket]++;
        assert(redeemed[ticket] < 2);
    }
}
