// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {SafeSend} from "./SafeSend.sol";

// sweep was meant for the owner only: anyone who never deposited takes the
// whole balance (SWC-105), through the project's own SafeSend library.
contract Jar {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {}

    function sweep() external {
        SafeSend.sendAll(msg.sender, address(this).balance); //@finding(SWC-105)
    }
}
