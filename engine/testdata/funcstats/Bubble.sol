// SPDX-License-Identifier: MIT
pragma solidity ^0.8.4;

// Door.open only reverts, with the custom error Gate raises: Door's ABI
// does not declare it, but the summary names it all the same.
contract Gate {
    error Shut(uint256 since);

    function pass() external view {
        revert Shut(block.number);
    }
}

contract Door {
    Gate public immutable gate = new Gate();

    function open() external view {
        gate.pass();
    }
}
