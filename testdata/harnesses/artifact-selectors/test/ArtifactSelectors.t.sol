// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Counter} from "../src/Counter.sol";

struct FuzzArtifactSelector {
    string artifact;
    bytes4[] selectors;
}

// targetArtifactSelectors() alone: every Counter's step() and nothing
// else, so four steps come soon. Bug.
contract ArtifactSelectorsTest {
    Counter public counter;

    function setUp() public {
        counter = new Counter();
    }

    function targetArtifactSelectors() public pure returns (FuzzArtifactSelector[] memory out) {
        out = new FuzzArtifactSelector[](1);
        out[0].artifact = "src/Counter.sol:Counter";
        out[0].selectors = new bytes4[](1);
        out[0].selectors[0] = Counter.step.selector;
    }

    function invariant_notBroken() public view {
        require(!counter.broken(), "broken");
    }
}
