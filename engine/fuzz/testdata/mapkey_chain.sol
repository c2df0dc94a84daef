// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IRate {
    function rate() external view returns (uint256);
}

// Rate is an interest-rate model: a market's IRM must be one.
contract Rate is IRate {
    function rate() external pure returns (uint256) {
        return 1;
    }
}

// ChainMarket is Morpho Blue's shape: a market, keyed by the hash of its
// parameters, is created past two guards on enabled keys and a call to
// its IRM; the market's entry is a struct whose member the other
// functions read. A createMarket with neither key enabled needs both
// keys, and the IRM a contract, before it commits: one guard at a time.
contract ChainMarket {
    struct Params {
        address loan;
        address irm;
        uint256 lltv;
    }

    struct Market {
        uint128 supplied;
        uint128 fee;
        uint256 lastUpdate;
    }

    address public owner = msg.sender;
    mapping(address => bool) public isIrmEnabled;
    mapping(uint256 => bool) public isLltvEnabled;
    mapping(bytes32 => Market) public market;

    function enableIrm(address irm) external {
        require(msg.sender == owner, "not owner");
        isIrmEnabled[irm] = true;
    }

    function enableLltv(uint256 lltv) external {
        require(msg.sender == owner, "not owner");
        isLltvEnabled[lltv] = true;
    }

    function createMarket(Params memory p) external {
        require(isIrmEnabled[p.irm], "IRM not enabled");
        require(isLltvEnabled[p.lltv], "LLTV not enabled");
        bytes32 id = keccak256(abi.encode(p));
        require(market[id].lastUpdate == 0, "market already created");
        market[id].lastUpdate = block.timestamp;
        IRate(p.irm).rate();
    }

    function supply(Params memory p, uint256 amount) external {
        bytes32 id = keccak256(abi.encode(p));
        require(market[id].lastUpdate != 0, "market not created");
        market[id].supplied += uint128(amount);
    }
}
