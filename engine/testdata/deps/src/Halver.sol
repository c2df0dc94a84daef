// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {MathLib} from "@acme/math/MathLib.sol";

// halfPlusOne(7) fails the assert inside node_modules' MathLib.half: the
// finding is reported at the call here, with the assert as related
// information.
contract Halver {
    function halfPlusOne(uint256 x) external pure returns (uint256) {
        return MathLib.half(x) + 1; //@finding(assert-failure)
    }
}
