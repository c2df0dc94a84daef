// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Safe twin of swc104_pos_send04.sol: require(send(...)) makes a failed
// send revert the whole withdrawal, so the balance is kept.
contract CheckedSendBank {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() public {
        uint256 amount = balances[msg.sender];
        require(amount > 0);
        balances[msg.sender] = 0;
        require(msg.sender.send(amount));
    }
}
