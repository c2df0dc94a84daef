// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {MathLib} from "@acme/math/MathLib.sol";

// store(7) fails the assert inside node_modules' MathLib.half: the finding
// is reported at the call here, with the assert as related information.
contract Halver {
    uint256 public last;

    function store(uint256 x) external {
        last = MathLib.half(x) + 1; //@finding(assert-failure)
    }
}
