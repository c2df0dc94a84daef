// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The handler is the test contract itself, named by targetContracts():
// forge then calls its functions; three ticks break it. Bug.
contract TestContractTargetTest {
    uint256 public ticks;

    function setUp() public {}

    function tick() public {
        ticks += 1;
    }

    function targetContracts() public view returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(this);
    }

    function invariant_fewTicks() public view {
        require(ticks < 3, "three ticks");
    }
}
