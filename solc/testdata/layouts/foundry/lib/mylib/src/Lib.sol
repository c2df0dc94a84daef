// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {DepV1} from "dep/Dep.sol";
library Lib {
    function twice(uint256 a) internal pure returns (uint256) {
        uint256 unused;
        return 2 * a + DepV1.VERSION;
    }
}
