// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Three shapes that change storage any sender may change, none of which
// takes a privilege:
//   - an initializer the deployment already called (it reverts for
//     everyone after);
//   - a keeper's poke, open by design, that records the last caller in a
//     slot that held the deployer (the constructor poked) but that no
//     check compares with the caller;
//   - a registration that writes only the sender's own entry, which then
//     lets it vote: membership is open to all, though the deployer holds
//     an entry from the start (sent by another stranger, register() gives
//     that one the entry, not the first: it grants nothing to others).
contract Registry {
    address public owner;
    address public lastPoker;
    bool private initialized;
    uint256 public pokes;
    mapping(address => bool) public members;
    mapping(uint256 => uint256) public votes;

    constructor() {
        initialize(msg.sender);
        poke();
        members[msg.sender] = true;
    }

    function initialize(address o) public {
        require(!initialized, "initialized");
        initialized = true;
        owner = o;
    }

    function poke() public {
        lastPoker = msg.sender;
        pokes++;
    }

    function register() external {
        members[msg.sender] = true;
    }

    function vote(uint256 id) external {
        require(members[msg.sender], "not a member");
        votes[id]++;
    }

    function setPokes(uint256 n) external {
        require(msg.sender == owner, "not owner");
        pokes = n;
    }
}
