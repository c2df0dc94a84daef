// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {PayLib} from "paylib/PayLib.sol";

// withdraw pays through the dependency's PayLib.pay before it debits: the
// reentrant attacker deposits, withdraws, and from its receive() withdraws
// again (SWC-107). The call is in lib/, so the finding is reported at the
// call of pay here, with the call inside pay as related information.
contract Vault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 b = balances[msg.sender];
        require(b > 0, "nothing");
        PayLib.pay(msg.sender, b); //@finding(SWC-107)
        balances[msg.sender] = 0;
    }
}
