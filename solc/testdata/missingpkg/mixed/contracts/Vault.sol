// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./Missing.sol";
import "contracts/Gone.sol";
import "@acme/lib/Lib.sol";
import "@chainlink/contracts/src/v0.8/interfaces/AggregatorV3Interface.sol";
import "@uniswap/v3-core/contracts/interfaces/IUniswapV3Pool.sol";
import "solady/src/utils/SafeTransferLib.sol";
import "@local/tools/Tools.sol";
import {FixedPointMathLib} from "solady/src/utils/FixedPointMathLib.sol";

contract Vault {}
