// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of swc104_pos_auction_send.sol's refund: the send's flag
// is kept in a local, a copy of it decides the branch (the refund is put
// back on failure) and another copy is returned; solc pops the original at
// the end of the scope. The flag is checked. Expected findings: none.
contract DupFlagRefund {
    mapping(address => uint256) public pending;

    function deposit() public payable {
        pending[msg.sender] += msg.value;
    }

    function withdraw() public returns (bool) {
        uint256 amount = pending[msg.sender];
        require(amount > 0);
        pending[msg.sender] = 0;
        bool ok = payable(msg.sender).send(amount);
        if (ok) {
            emit Withdrawn(msg.sender, amount);
        } else {
            pending[msg.sender] = amount;
        }
        return ok;
    }

    event Withdrawn(address indexed who, uint256 amount);
}
