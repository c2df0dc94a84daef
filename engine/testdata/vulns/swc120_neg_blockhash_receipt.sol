// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of swc120_pos_blockhash.sol: the previous block's hash
// and block.prevrandao only make a receipt id that is stored and emitted;
// the refund is paid to the receipt's holder, decided by storage.
contract ReceiptDesk {
    uint256 public constant PRICE = 1e15;
    mapping(bytes32 => address) public holder;

    event Receipt(bytes32 id, address who);

    function buy() external payable returns (bytes32 id) {
        require(msg.value == PRICE, "price");
        id = keccak256(abi.encodePacked(blockhash(block.number - 1), block.prevrandao, msg.sender));
        require(holder[id] == address(0), "taken");
        holder[id] = msg.sender;
        emit Receipt(id, msg.sender);
    }

    function refund(bytes32 id) external {
        require(holder[id] == msg.sender, "not yours");
        holder[id] = address(0);
        payable(msg.sender).transfer(PRICE);
    }
}
