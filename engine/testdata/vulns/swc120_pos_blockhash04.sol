pragma solidity ^0.4.24;

// Lottery on a hash of the previous block's hash and the time: both are
// known to every transaction of the block. A ticket of exactly 1 finney
// whose hash is divisible by 3 pays 2 finney (the player paid in).
contract HashLottery {
    uint256 public constant STAKE = 1 finney;

    function play() public payable {
        require(msg.value == STAKE);
        uint256 r = uint256(keccak256(abi.encodePacked(blockhash(block.number - 1), now)));
        if (r % 3 == 0) { //@finding(SWC-120)
            msg.sender.transfer(2 * STAKE);
        }
    }
}
