// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Classic DAO-style reentrancy (solc 0.4): the balance is zeroed only after
// the ether is sent with call.value, which forwards all gas. The reentrant
// attacker calls deposit() with some ether, then withdraw(); when paid it
// re-enters withdraw(), reads the same non-zero balance and is paid twice.
contract EtherStore {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() public {
        uint256 amount = balances[msg.sender];
        require(amount > 0);
        require(msg.sender.call.value(amount)()); //@finding(SWC-107)
        balances[msg.sender] = 0;
    }
}
