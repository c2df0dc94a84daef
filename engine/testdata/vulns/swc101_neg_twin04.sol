// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Negative twin of swc101_pos_twin04.sol: the same sale and vesting,
// whose runtime arithmetic on the deployer's rate and duration is checked
// (the product divided back, the sum compared with an operand): a twin
// deployed with extreme arguments reverts or takes the checked branch,
// and no wrapped value is used. Expected findings: none.
contract CheckedTwinSale04 {
    uint256 public rate;
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
        uint256 tokens = msg.value * rate;
        require(tokens / msg.value == rate);
        uint256 b = balances[msg.sender] + tokens;
        require(b >= tokens);
        balances[msg.sender] = b;
    }
}

contract CheckedTwinVesting04 {
    uint256 public start;
    uint256 public duration;
    uint256 public total = 1000;

    constructor(uint256 _start, uint256 _duration) public {
        require(_start > 0);
        start = _start;
        duration = _duration;
    }

    function vested() public view returns (uint256) {
        uint256 end = start + duration;
        require(end >= start);
        if (now >= end) {
            return total;
        }
        return 0;
    }
}
