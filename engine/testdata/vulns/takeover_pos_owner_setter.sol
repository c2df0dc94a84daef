// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An owner-configured fee switch whose owner setter lost its modifier:
// any sender makes itself the owner with setOwner(self) and then sets the
// fee, a function that reverted for it before. No ether or token moves:
// the takeover itself is the bug (privilege-takeover), reported at the
// setter whose check is missing.
contract FeeSwitch {
    address public owner;
    uint256 public feeBps;

    event OwnerSet(address owner);

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function setOwner(address next) external { //@finding(privilege-takeover)
        owner = next;
        emit OwnerSet(next);
    }

    function setFee(uint256 bps) external onlyOwner {
        require(bps <= 10_000, "fee");
        feeBps = bps;
    }
}
