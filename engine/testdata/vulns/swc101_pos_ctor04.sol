// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// The constructor adds two of its arguments unchecked (solc 0.4, as a
// token vesting's cliff = start + cliff): a deployer passing a start near
// 2**256 stores a cliff that wrapped into the past, and everything vests
// at once. Only the deployer reaches a constructor, so the campaign's
// transactions never do: the deployment search runs it again with its
// numeric arguments at their extremes (engine/fuzz/ctorwrap.go).
contract Vesting04 {
    address public beneficiary;
    uint256 public start;
    uint256 public cliff;
    uint256 public duration;
    uint256 public released;

    constructor(address _beneficiary, uint256 _start, uint256 _cliff, uint256 _duration) public {
        require(_beneficiary != address(0));
        require(_cliff <= _duration);
        beneficiary = _beneficiary;
        duration = _duration;
        cliff = _start + _cliff; //@finding(SWC-101)
        start = _start;
    }

    function vested() public view returns (bool) {
        return now >= cliff;
    }

    function release(uint256 amount) public {
        require(msg.sender == beneficiary);
        require(now >= cliff);
        require(released + amount >= released);
        released = released + amount;
    }
}
