// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Roulette on `now` (solc 0.4): a spin with at least 0.1 ether wins the whole
// balance when now % 7 == 0.
contract Roulette {
    uint256 public spins;

    function spin() public payable {
        require(msg.value >= 0.1 ether);
        spins += 1;
        if (now % 7 == 0) { //@finding(SWC-116)
            msg.sender.transfer(address(this).balance);
        }
    }
}
