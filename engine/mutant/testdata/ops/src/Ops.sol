// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// One of each edit Generate makes, and the places it must not edit: the
// golden file ops.golden lists the mutants of every line.
contract Base {
    uint256 internal seed;

    constructor(uint256 s) {
        seed = s;
    }
}

contract Ops is Base {
    address constant KEEPER = address(0x000000000000000000000000000000000000dEaD);
    mapping(address => uint256) public balanceOf;
    uint256 public total;
    address public owner;
    uint256[3] public slots;

    event Moved(address indexed who, uint256 amount);
    error Nope(uint256 code);

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    constructor() Base(7) {
        owner = msg.sender;
    }

    function move(uint256 amount, uint256 fee)
        external
        onlyOwner
    {
        require(amount <= balanceOf[msg.sender], "insufficient");
        if (amount == 0x10) revert("sixteen");
        if (fee > amount) {
            revert Nope(1);
        }
        if (fee == 1) total = 1; else total = 2;
        balanceOf[msg.sender] -= amount;
        total = total - amount * 2 / fee % 3;
        unchecked { total += 1 ether; }
        emit Moved(tx.origin, amount);
        pair(amount, fee);
        pair({a: fee, b: amount});
        total++;
        --total;
    }

    function pair(uint256 a, uint256 b) internal pure returns (uint256) {
        return a ** 2 + b;
    }
}
