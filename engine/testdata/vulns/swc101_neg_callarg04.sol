// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Negative twin of swc101_pos_callarg04.sol: the product passed to the
// ledger is checked first (the SafeMath idiom, c / a == b); the sums that
// wrap unchecked only go into a hash (sha256, a precompile, and
// keccak256), an event and a view's return value, none of which uses an
// amount. Expected findings: none.
contract Ledger04 {
    mapping(address => uint256) public owed;

    function book(address who, uint256 cost) external {
        owed[who] = cost;
    }
}

contract CheckedShop04 {
    Ledger04 public ledger;
    bytes32 public tag;
    bytes32 public seal;

    event Quote(address who, uint256 total);

    constructor() public {
        ledger = new Ledger04();
    }

    function buy(uint256 qty, uint256 unitPrice) public {
        uint256 cost = qty * unitPrice;
        require(qty == 0 || cost / qty == unitPrice);
        ledger.book(msg.sender, cost);
    }

    function stamp(uint256 a, uint256 b) public {
        tag = sha256(abi.encodePacked(a + b));
        seal = keccak256(abi.encodePacked(a * b));
    }

    function quote(uint256 a, uint256 b) public {
        emit Quote(msg.sender, a + b);
    }

    function peek(uint256 a, uint256 b) public pure returns (uint256) {
        return a + b;
    }
}
