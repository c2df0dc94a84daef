// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A router that wraps ether, with the receive() guard of Uniswap's
// routers: `assert(msg.sender == address(wrapper))`, ether comes only
// from the wrapper, when the router unwraps. Anyone else sending ether to
// the router fails that assert, by design: it compares the caller with a
// fixed address, so it is an access check (a stranger is turned away),
// not an invariant of the router's state that a sequence broke. No
// assert-failure (issue 68). The twin whose router also asserts its own
// bookkeeping, which a stranger's sequence breaks, is
// swc110_pos_receive_guard.sol.
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
    }

    function unpark(uint256 amount) external {
        require(credit[msg.sender] >= amount, "too much");
        credit[msg.sender] -= amount;
        wrapper.withdraw(amount);
        payable(msg.sender).transfer(amount);
    }
}
