// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Lookahead benchmark: a staking pool. Three functions loop a number of
// times the caller picks, so an untargeted fuzzer sees hundreds of new
// paths in them and spends its energy there. The target, the body of
// `settle` past its epoch check, needs a stake of at least 1,000 and then a
// call to `advance` before `settle`.
contract Staking {
    struct Position {
        uint256 amount;
        uint256 since;
        uint8 tier;
    }

    mapping(address => Position) public positions;
    address[] public stakers;
    uint256 public epoch;
    uint256 public totalStaked;
    uint256 public rewardPool;
    uint256[] public history;
    uint256 public slashes;

    event Staked(address indexed who, uint256 amount, uint8 tier);
    event Slashed(address indexed who, uint256 amount);

    function stake(uint256 amount, uint8 tier) external {
        require(amount > 0 && amount < 1e24, "amount");
        require(tier < 4, "tier");
        Position storage p = positions[msg.sender];
        if (p.amount == 0) {
            stakers.push(msg.sender);
        }
        p.amount += amount;
        p.since = epoch;
        p.tier = tier;
        totalStaked += amount;
        emit Staked(msg.sender, amount, tier);
    }

    function unstake(uint256 amount) external {
        Position storage p = positions[msg.sender];
        require(amount <= p.amount, "too much");
        p.amount -= amount;
        totalStaked -= amount;
    }

    // One path per iteration count and per wrap pattern of the accumulator.
    function accrue(uint256 rounds, uint256 rate) external {
        uint256 n = rounds % 200;
        uint256 r = rate % 1000;
        uint256 acc = 0;
        for (uint256 i = 0; i < n; i++) {
            acc += r;
            if (acc > 5000) {
                acc -= 4999;
            }
        }
        rewardPool += acc;
    }

    function compound(uint256 steps) external {
        uint256 s = steps % 128;
        uint256 v = rewardPool;
        while (s != 0) {
            v = v + v / 100 + 1;
            if (v > 1e30) {
                v = 1e30;
            }
            s--;
        }
        rewardPool = v;
    }

    function record(uint256 n, uint256 seed) external {
        uint256 m = n % 48;
        for (uint256 i = 0; i < m; i++) {
            uint256 h = uint256(keccak256(abi.encode(seed, i))) % 1000;
            if (h < 500) {
                history.push(h);
            }
        }
    }

    function advance() external {
        require(totalStaked >= 1000, "stake first");
        require(epoch < 10, "ended");
        epoch++;
    }

    function settle(uint256 penalty, uint256 factor) external returns (uint256) {
        require(epoch >= 1, "too early");
        Position storage p = positions[msg.sender]; //@target
        require(p.amount > 0, "no position");
        uint256 score = (penalty % 1000) * 3 + (factor % 1000) * 5;
        if (score == 4321) {
            uint256 cut = p.amount / 2;
            p.amount -= cut;
            totalStaked -= cut;
            slashes++;
            emit Slashed(msg.sender, cut);
            return cut;
        }
        return 0;
    }
}
