// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Runtime arithmetic on a value the constructor fixed (solc 0.4, no
// checks): a sale's tokens are the ether paid times the deployer's rate,
// a vesting is over once now passes start + duration. With the arguments
// the deployment search finds neither wraps; a deployer passing a rate or
// a duration near 2**256 makes every purchase credit a wrapped amount and
// everything vest at once. The campaign deploys each contract once, so a
// twin deployed with extreme arguments is fuzzed alongside
// (engine/fuzz/twin.go).
contract TwinSale04 {
    uint256 public rate;
    uint256 public sold;
    mapping(address => uint256) public balances;

    address public owner;

    constructor(uint256 _rate) public {
        require(_rate > 0);
        owner = msg.sender;
        rate = _rate;
    }

    function withdraw() public {
        require(msg.sender == owner);
        owner.transfer(address(this).balance);
    }

    function buy() public payable {
        require(msg.value > 0);
        uint256 tokens = msg.value * rate; //@finding(SWC-101)
        uint256 b = balances[msg.sender] + tokens;
        require(b >= tokens);
        balances[msg.sender] = b;
    }
}

contract TwinVesting04 {
    uint256 public start;
    uint256 public duration;
    uint256 public total = 1000;

    constructor(uint256 _start, uint256 _duration) public {
        require(_start > 0);
        start = _start;
        duration = _duration;
    }

    function vested() public view returns (uint256) {
        if (now >= start + duration) { //@finding(SWC-101)
            return total;
        }
        return 0;
    }
}
