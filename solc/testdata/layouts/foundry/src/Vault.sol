// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {DSTest} from "ds-test/test.sol";
import {Lib} from "mylib/Lib.sol";
import {DepV2} from "dep/Dep.sol";
import {Ownable} from "@oz/contracts/Ownable.sol";
import {Named} from "oz/Named.sol";

contract Vault is Ownable, Named {
    function total(uint256 a) external pure returns (uint256) {
        return Lib.twice(a) + DepV2.VERSION;
    }
}
