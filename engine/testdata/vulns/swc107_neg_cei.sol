// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Safe twin of swc107_pos_withdraw.sol: checks-effects-interactions. The
// balance is zeroed before the call, so a reentrant withdraw() reverts on
// the require and the attacker is paid once.
contract EtherBankCEI {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "transfer failed");
    }
}
