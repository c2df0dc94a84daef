// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Negative twin of swc104_pos_send04.sol: `bool ok = send(...)`, a copy of
// the flag decides whether the balance is restored, another is returned,
// and solc pops the original at the end of the function. Expected
// findings: none.
contract DupFlagBank04 {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() public returns (bool) {
        uint256 amount = balances[msg.sender];
        require(amount > 0);
        balances[msg.sender] = 0;
        bool ok = msg.sender.send(amount);
        if (!ok) {
            balances[msg.sender] = amount;
        }
        return ok;
    }
}
