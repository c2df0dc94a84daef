// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Harnesses that declare forge-std StdInvariant's getters by hand, each
// only some of them, as harnesses written before (or without) forge-std
// do: forge reads each getter on its own.

struct FuzzSelector {
    address addr;
    bytes4[] selectors;
}

struct FuzzArtifactSelector {
    string artifact;
    bytes4[] selectors;
}

contract Pot {
    uint256 public level;

    function fill(uint256 by) external {
        level += by;
    }

    function drain() external {
        level = 0;
    }

    function peek() external view returns (uint256) {
        return level;
    }
}

contract Breaker {
    function smash(Pot pot) external {
        pot.drain();
    }
}

// targetSenders() alone: no excludeContracts(), no targetContracts().
contract SendersOnlyTest {
    Pot public pot;

    function setUp() public {
        pot = new Pot();
    }

    function targetSenders() public pure returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(0xBEEF);
    }
}

// excludeContracts() alone.
contract ExcludeOnlyTest {
    Pot public pot;
    Breaker public breaker;

    function setUp() public {
        pot = new Pot();
        breaker = new Breaker();
    }

    function excludeContracts() public view returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(breaker);
    }
}

// An older harness: its getters require a non-empty list and revert
// otherwise; forge reads a reverting getter as an empty list.
contract RevertingGettersTest {
    Pot public pot;
    Breaker public breaker;

    function setUp() public {
        pot = new Pot();
        breaker = new Breaker();
    }

    function targetContracts() public pure returns (address[] memory) {
        revert("NO_TARGET_CONTRACTS");
    }

    function excludeSenders() public pure returns (address[] memory out) {
        out = new address[](1);
        out[0] = address(0xBAD);
    }
}

// excludeSelectors(): the pot without drain().
contract ExcludeSelectorsTest {
    Pot public pot;

    function setUp() public {
        pot = new Pot();
    }

    function excludeSelectors() public view returns (FuzzSelector[] memory out) {
        out = new FuzzSelector[](1);
        out[0].addr = address(pot);
        out[0].selectors = new bytes4[](1);
        out[0].selectors[0] = Pot.drain.selector;
    }
}

// targetArtifacts(): only the pots, by name and by path.
contract ArtifactsTest {
    Pot public pot;
    Pot public pot2;
    Breaker public breaker;

    function setUp() public {
        pot = new Pot();
        pot2 = new Pot();
        breaker = new Breaker();
    }

    function targetArtifacts() public pure returns (string[] memory out) {
        out = new string[](1);
        out[0] = "test/Choices.t.sol:Pot";
    }
}

// excludeArtifacts() and targetArtifactSelectors(): every pot's fill()
// alone, the breaker excluded by name.
contract ArtifactSelectorsTest {
    Pot public pot;
    Breaker public breaker;

    function setUp() public {
        pot = new Pot();
        breaker = new Breaker();
    }

    function excludeArtifacts() public pure returns (string[] memory out) {
        out = new string[](1);
        out[0] = "Breaker";
    }

    function targetArtifactSelectors() public pure returns (FuzzArtifactSelector[] memory out) {
        out = new FuzzArtifactSelector[](1);
        out[0].artifact = "Pot";
        out[0].selectors = new bytes4[](1);
        out[0].selectors[0] = Pot.fill.selector;
    }
}
