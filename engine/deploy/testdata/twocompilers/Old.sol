pragma solidity ^0.4.24;

import "./Lib.sol";

// Compiled by solc 0.4: links the MathLib of its own build.
contract OldCounter {
    uint256 public count;

    function bump(uint256 x) public {
        count += MathLib.twice(x);
        assert(count != 78);
    }
}
