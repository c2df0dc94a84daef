// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An exchange trusts the strategy registry its deployment gave it, and
// updateRegistry lost the owner check its sibling setOwner has: any
// sender can point the exchange at a registry of its own choosing, which
// would then approve any strategy. No function's access depends on the
// registry's address itself, so no probe of the new holder shows it:
// what shows it is that a stranger replaced, with an address it named, a
// contract the deployment had wired in.
interface IRegistry {
    function allowed(address strategy) external view returns (bool);
}

contract StrategyRegistry is IRegistry {
    address public owner = msg.sender;
    mapping(address => bool) public isAllowed;

    function allow(address strategy) external {
        require(msg.sender == owner, "Registry: not owner");
        isAllowed[strategy] = true;
    }

    function allowed(address strategy) external view returns (bool) {
        return isAllowed[strategy];
    }
}

contract Exchange {
    address public owner;
    IRegistry public registry;
    uint256 public trades;

    constructor() {
        owner = msg.sender;
        registry = new StrategyRegistry();
    }

    function updateRegistry(IRegistry next) external { //@finding(privilege-takeover)
        registry = next;
    }

    function setOwner(address next) external {
        require(msg.sender == owner, "Exchange: not owner");
        owner = next;
    }

    function trade(address strategy) external {
        require(registry.allowed(strategy), "Exchange: strategy not allowed");
        trades++;
    }
}
