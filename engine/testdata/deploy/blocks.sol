// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// window.sol in block numbers: an auction that takes bids only between
// two block numbers its constructor takes, the first no earlier than the
// deployment's block. The deployment search puts both near the chain's
// block number; the bug is only reachable between them.
contract BlockAuction {
    uint256 public startBlock;
    uint256 public endBlock;
    uint256 public highest;
    address public immutable seller;

    constructor(uint256 _startBlock, uint256 _endBlock) {
        require(_startBlock >= block.number);
        require(_endBlock > _startBlock);
        startBlock = _startBlock;
        endBlock = _endBlock;
        seller = msg.sender;
    }

    function close() external {
        require(block.number >= endBlock);
        payable(seller).transfer(address(this).balance);
    }

    function bid() external payable {
        require(block.number >= startBlock && block.number < endBlock);
        require(msg.value > highest);
        highest = msg.value;
        assert(highest < 5 ether); //@finding(assert-failure)
    }
}
