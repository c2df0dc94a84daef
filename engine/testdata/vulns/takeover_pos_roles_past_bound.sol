// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A desk registry with twelve flag mappings the deployer holds an entry
// in: more role words than the privilege oracle compares each write with
// (64, six strangers per mapping), admins the last. addAdmin lost its
// check: any sender makes any account an admin. addOperators keeps the
// admin check; a stranger passes it only with the admin entry an earlier
// stranger's addAdmin gave it, past the bound: such an entry is looked up
// when written, so addAdmin is reported and addOperators, its follow-on,
// is not.
contract DeskRegistry {
    mapping(address => bool) public operators;
    mapping(address => bool) public desk1;
    mapping(address => bool) public desk2;
    mapping(address => bool) public desk3;
    mapping(address => bool) public desk4;
    mapping(address => bool) public desk5;
    mapping(address => bool) public desk6;
    mapping(address => bool) public desk7;
    mapping(address => bool) public desk8;
    mapping(address => bool) public desk9;
    mapping(address => bool) public desk10;
    mapping(address => bool) public admins;
    uint256 public pokes;

    constructor() {
        operators[msg.sender] = true;
        desk1[msg.sender] = true;
        desk2[msg.sender] = true;
        desk3[msg.sender] = true;
        desk4[msg.sender] = true;
        desk5[msg.sender] = true;
        desk6[msg.sender] = true;
        desk7[msg.sender] = true;
        desk8[msg.sender] = true;
        desk9[msg.sender] = true;
        desk10[msg.sender] = true;
        admins[msg.sender] = true;
    }

    function addAdmin(address a) external { //@finding(privilege-takeover)
        admins[a] = true;
    }

    function addOperators(address[] memory accounts) external {
        require(admins[msg.sender], "not admin");
        for (uint256 i = 0; i < accounts.length; i++) {
            operators[accounts[i]] = true;
        }
    }

    function poke() external {
        require(operators[msg.sender], "not operator");
        pokes++;
    }
}
