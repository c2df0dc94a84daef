// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of swc120_pos_keccak.sol: block.number is hashed into a
// ticket id that is stored and emitted, and a refund is paid to the
// ticket's holder, decided by storage, not by the hash of the block.
// Expected findings: none.
contract TicketDesk {
    uint256 public constant PRICE = 1e15;
    mapping(bytes32 => address) public holder;

    event Ticket(bytes32 id, address who);

    function buy() external payable returns (bytes32 id) {
        require(msg.value == PRICE, "price");
        id = keccak256(abi.encodePacked(block.number, msg.sender));
        require(holder[id] == address(0), "taken");
        holder[id] = msg.sender;
        emit Ticket(id, msg.sender);
    }

    function refund(bytes32 id) external {
        require(holder[id] == msg.sender, "not yours");
        holder[id] = address(0);
        payable(msg.sender).transfer(PRICE);
    }
}
