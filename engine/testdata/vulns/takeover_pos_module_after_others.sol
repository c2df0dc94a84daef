// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// takeover_pos_module_registry.sol behind two other contracts of the
// deployment: every target has dozens of candidate mapping entries per
// stranger, and a registry deployed after others must still be watched
// (the candidates are looked up when written, not listed up to a bound).
contract AuditLog {
    mapping(address => uint256) public entries;
    mapping(uint256 => bytes32) public notes;

    function log(bytes32 note) external {
        entries[msg.sender] += 1;
        notes[entries[msg.sender]] = note;
    }
}

contract BondBook {
    mapping(address => uint256) public bonds;

    function bond() external payable {
        bonds[msg.sender] += msg.value;
    }

    function unbond() external {
        uint256 b = bonds[msg.sender];
        bonds[msg.sender] = 0;
        payable(msg.sender).transfer(b);
    }
}

contract PluginGate {
    address internal constant SENTINEL = address(0x1);
    mapping(address => address) internal plugins;
    address public owner;
    uint256 public calls;

    constructor() {
        owner = msg.sender;
        plugins[SENTINEL] = SENTINEL;
    }

    function enablePlugin(address plugin) external { //@finding(privilege-takeover)
        require(plugin != address(0) && plugin != SENTINEL, "plugin");
        require(plugins[plugin] == address(0), "enabled");
        plugins[plugin] = plugins[SENTINEL];
        plugins[SENTINEL] = plugin;
    }

    function run() external {
        require(plugins[msg.sender] != address(0), "not a plugin");
        calls++;
    }
}
