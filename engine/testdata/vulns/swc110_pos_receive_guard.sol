// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc110_neg_receive_guard.sol: the same router,
// whose receive() guard is still no finding, also asserts its own
// bookkeeping in park(): no account holds more than 2 ether of credit.
// Each park() takes at most 1 ether, but nothing stops a sender parking
// three times: a stranger's sequence breaks the router's invariant, an
// assertion failure.
contract Wrapper {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(deposits[msg.sender] >= amount, "too much");
        deposits[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }
}

contract Router {
    Wrapper public immutable wrapper;
    mapping(address => uint256) public credit;

    constructor() {
        wrapper = new Wrapper();
    }

    receive() external payable {
        assert(msg.sender == address(wrapper)); // only the wrapper pays the router
    }

    function park() external payable {
        require(msg.value > 0 && msg.value <= 1 ether, "1 ether at most");
        wrapper.deposit{value: msg.value}();
        credit[msg.sender] += msg.value;
        assert(credit[msg.sender] <= 2 ether); //@finding(assert-failure)
    }

    function unpark(uint256 amount) external {
        require(credit[msg.sender] >= amount, "too much");
        credit[msg.sender] -= amount;
        wrapper.withdraw(amount);
        payable(msg.sender).transfer(amount);
    }
}
