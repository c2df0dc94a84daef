// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";

// forge-std's Vm declares these; the stand-in here may not.
interface IForks {
    function createFork(string calldata url) external returns (uint256);
    function createSelectFork(string calldata url) external returns (uint256);
    function createSelectFork(string calldata url, uint256 blockNumber) external returns (uint256);
    function createSelectFork(string calldata url, bytes32 txHash) external returns (uint256);
    function selectFork(uint256 forkId) external;
    function rollFork(uint256 blockNumber) external;
    function rollFork(uint256 forkId, uint256 blockNumber) external;
    function activeFork() external view returns (uint256);
}

interface IOracle {
    function price() external view returns (uint256);
}

contract Local {}

abstract contract Forks is Test {
    IForks internal constant F = IForks(address(uint160(uint256(keccak256("hevm cheat code")))));
    // Only on the fork: its price is slot 0 of the fork block's state.
    IOracle internal constant ORACLE = IOracle(0x00000000000000000000000000000000000000AA);
}

// setUp() forks after changing its own storage and deploying: its storage
// stays, the contract deployed before is not on the fork, the one after is.
contract ForkTest is Forks {
    uint256 public kept = 7;
    uint256 public seen;
    uint256 public chainId;
    uint256 public number;
    address public coinbase;
    address public before;
    address public afterFork;
    bool public beforeGone;
    uint256 public id;
    uint256 public active;

    function setUp() public {
        before = address(new Local());
        kept = 8;
        id = F.createSelectFork("mainnet", 100);
        seen = ORACLE.price();
        chainId = block.chainid;
        number = block.number;
        coinbase = block.coinbase;
        beforeGone = before.code.length == 0;
        afterFork = address(new Local());
        active = F.activeFork();
    }
}

// setUp() rolls the fork to another block, and back through a second fork.
contract RollTest is Forks {
    uint256 public first;
    uint256 public rolled;
    uint256 public other;
    uint256 public number;

    function setUp() public {
        uint256 a = F.createSelectFork("mainnet", 100);
        first = ORACLE.price();
        F.rollFork(200);
        rolled = ORACLE.price();
        uint256 b = F.createFork("mainnet");
        F.rollFork(a, 100);
        F.selectFork(b);
        other = ORACLE.price();
        F.selectFork(a);
        number = block.number;
    }
}

// setUp() names an alias the project lacks, and catches the revert.
contract UnknownForkTest is Forks {
    function setUp() public {
        try F.createSelectFork("nowhere") returns (uint256) {} catch {}
    }
}

// setUp() forks at a transaction.
contract TxForkTest is Forks {
    function setUp() public {
        F.createSelectFork("mainnet", bytes32(uint256(1)));
    }
}

// setUp() forks a URL with credentials that cannot be reached.
contract SecretForkTest is Forks {
    function setUp() public {
        F.createSelectFork("https://user:hunter2@node.example/v3/0123456789abcdef0123");
    }
}
