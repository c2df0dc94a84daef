// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Class: a time guard over a time computed from an input and stored. A
// vesting deposit sets its cliff 12 to 48 months (of 30 days) and a week
// from now; a claim pays only in the hour after the cliff, so the delay
// before the claim must be computed from block.timestamp against the
// stored cliff: no drawn delay (a span of the source among them) lands
// in that hour but by chance, and moving the months moves the cliff by
// 30 days, not onto the claim's time.
contract CliffWindow {
    mapping(address => uint64) internal cliff;

    function deposit(uint8 months) external {
        require(months >= 12 && months <= 48, "months");
        cliff[msg.sender] = uint64(block.timestamp + uint256(months) * 30 days + 7 days);
    }

    function claim() external view {
        uint64 c = cliff[msg.sender];
        require(c != 0, "no deposit");
        require(block.timestamp >= c, "before the cliff");
        require(block.timestamp < uint256(c) + 1 hours, "window closed");
        assert(false);
    }
}
