// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Guards that read mapping entries keyed by an argument, a word or the
// hash of a struct (Morpho Blue's shape): the owner enables keys, a
// market's parameters must be enabled ones, and supply needs a market
// created with the same parameters. The writers are found by the entries
// they read: createMarket reads the entry it sets.
contract KeyMarket {
    struct Params {
        address irm;
        uint256 lltv;
    }

    address public owner = msg.sender;
    mapping(address => bool) public isIrmEnabled;
    mapping(uint256 => bool) public isLltvEnabled;
    mapping(bytes32 => uint256) public created;
    uint256 public supplied;

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
        require(created[id] == 0, "market already created");
        created[id] = block.timestamp + 1;
    }

    function supply(Params memory p, uint256 amount) external {
        require(created[keccak256(abi.encode(p))] != 0, "market not created");
        supplied += amount;
    }
}
