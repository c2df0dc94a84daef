// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// A split among the members a constructor names (address[] payees), paid
// by pushing to each in a loop with transfer(): one member that is a
// contract rejecting ether reverts distribute() for all of them. The
// members the fuzzer is given all accept ether (senders, the reentrant
// attacker), so no run fails by itself: SWC-113's re-run puts a contract
// that rejects payments in one member's place (engine/fuzz/loopfail.go).
contract Split {
    address[] public payees;

    constructor(address[] _payees) public payable {
        require(_payees.length >= 2 && _payees.length <= 3);
        for (uint256 i = 0; i < _payees.length; i++) payees.push(_payees[i]);
    }

    function () public payable {}

    function distribute() public {
        uint256 share = address(this).balance / payees.length;
        require(share > 0);
        for (uint256 i = 0; i < payees.length; i++) payees[i].transfer(share); //@finding(SWC-113)
    }
}
