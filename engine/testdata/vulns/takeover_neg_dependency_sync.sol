// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// takeover_pos_dependency_repoint.sol done right, and two ways a stranger
// may rightly change the address of a contract the deployment wired in:
//   - updateRegistry checks the owner;
//   - sync(), open to any keeper, copies the registry the directory names
//     (an address no caller chooses);
//   - Router remembers the last pool a caller traded through, any pool
//     the caller names, in a variable declared address (a record of use,
//     trusted by nothing: the pool's own code decides each trade), which
//     held the pool the deployment made.
interface IRegistry {
    function allowed(address strategy) external view returns (bool);
}

contract StrategyRegistry is IRegistry {
    function allowed(address) external pure returns (bool) {
        return true;
    }
}

contract Directory {
    address public owner = msg.sender;
    IRegistry public current;

    constructor() {
        current = new StrategyRegistry();
    }

    function publish(IRegistry next) external {
        require(msg.sender == owner, "Directory: not owner");
        current = next;
    }
}

contract Exchange {
    address public owner;
    IRegistry public registry;
    Directory public directory;
    uint256 public trades;

    constructor() {
        owner = msg.sender;
        directory = new Directory();
        registry = directory.current();
    }

    function updateRegistry(IRegistry next) external {
        require(msg.sender == owner, "Exchange: not owner");
        registry = next;
    }

    function sync() external {
        registry = directory.current();
    }

    function trade(address strategy) external {
        require(registry.allowed(strategy), "Exchange: strategy not allowed");
        trades++;
    }
}

contract Pool {
    uint256 public swaps;

    function swap() external {
        swaps++;
    }
}

contract Router {
    address public lastPool;

    constructor() {
        lastPool = address(new Pool());
    }

    function trade(address pool) external {
        lastPool = pool;
        (bool ok, ) = pool.call(abi.encodeWithSignature("swap()"));
        require(ok, "Router: swap failed");
    }
}
