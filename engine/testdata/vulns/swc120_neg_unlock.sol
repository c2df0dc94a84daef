// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Deposits are locked for 100 blocks; block.number decides in withdraw()
// whether the ether is paid, but only ever a sender's own deposit back:
// a block producer moving the block number moves only when a saver gets
// its own ether, so no SWC-120 (as swc116_neg_unstake_delay.sol in
// seconds). It was a positive fixture before issue 68.
contract BlockLockedVault {
    mapping(address => uint256) public balances;
    mapping(address => uint256) public unlockBlock;

    function deposit() external payable {
        require(msg.value > 0, "no value");
        balances[msg.sender] += msg.value;
        unlockBlock[msg.sender] = block.number + 100;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        require(block.number > unlockBlock[msg.sender], "still locked");
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
