// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// swc110_neg_receive_guard.sol before 0.8 (Uniswap's V2 router is 0.6):
// the router's payable fallback asserts that the wrapper sent the ether,
// `assert(msg.sender == address(wrapper) || msg.sender == backup)`, an
// INVALID for anyone else. It compares the caller with fixed addresses:
// an access check, not an invariant a sequence broke. No assert-failure
// (issue 68); the twin is swc110_pos_fallback_guard04.sol.
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
    }

    function unpark(uint256 amount) external {
        require(credit[msg.sender] >= amount);
        credit[msg.sender] -= amount;
        wrapper.withdraw(amount);
        msg.sender.transfer(amount);
    }
}
