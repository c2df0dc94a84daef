// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A pool factory: create deploys a pool and returns its address, and the
// registry's functions revert unless given a pool it created. Reaching
// the assertion in settle takes that address, which no contract of the
// deployment has, passed back (values from earlier transactions, by ABI
// type: TestValuesFromEarlierCalls).
contract Pool {
    address public immutable factory;
    uint256 public deposits;

    constructor() {
        factory = msg.sender;
    }

    function deposit(uint256 amount) external {
        require(msg.sender == factory, "factory only");
        deposits += amount;
    }
}

contract Factory {
    mapping(address => bool) public isPool;
    mapping(address => uint256) public rounds;

    function create() external returns (address pool) {
        pool = address(new Pool());
        isPool[pool] = true;
    }

    function fund(address pool, uint256 amount) external {
        require(isPool[pool], "unknown pool");
        require(amount > 0 && amount < 1000, "amount");
        Pool(pool).deposit(amount);
        rounds[pool]++;
    }

    function settle(address pool) external view {
        require(isPool[pool], "unknown pool");
        assert(rounds[pool] < 2);
    }
}
