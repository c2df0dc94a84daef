// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Same effects-after-call order as swc107_pos_withdraw.sol, but guarded by
// a nonReentrant mutex: the reentrant withdraw() reverts on the lock, so
// the balance is only paid once.
contract GuardedBank {
    mapping(address => uint256) public balances;
    bool private locked;

    modifier nonReentrant() {
        require(!locked, "reentrant call");
        locked = true;
        _;
        locked = false;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external nonReentrant {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "transfer failed");
        balances[msg.sender] = 0;
    }
}
