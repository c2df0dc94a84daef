// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The positive twin of swc110_neg_fallback_guard04.sol: the same router,
// whose fallback guard is still no finding, also asserts its own
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
        require(deposits[msg.sender] >= amount);
        deposits[msg.sender] -= amount;
        msg.sender.transfer(amount);
    }
}

contract Router {
    Wrapper public wrapper;
    address public backup;
    mapping(address => uint256) public credit;

    constructor() public {
        wrapper = new Wrapper();
        backup = address(new Wrapper());
    }

    function() external payable {
        assert(msg.sender == address(wrapper) || msg.sender == backup);
    }

    function park() external payable {
        require(msg.value > 0 && msg.value <= 1 ether);
        wrapper.deposit.value(msg.value)();
        credit[msg.sender] += msg.value;
        assert(credit[msg.sender] <= 2 ether); //@finding(assert-failure)
    }

    function unpark(uint256 amount) external {
        require(credit[msg.sender] >= amount);
        credit[msg.sender] -= amount;
        wrapper.withdraw(amount);
        msg.sender.transfer(amount);
    }
}
