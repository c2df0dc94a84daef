// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Imports a package that is not installed: this root does not compile,
// and must not keep Deep.sol, which needs the optimizer, from compiling.
import "@missing/package/Thing.sol";

contract Broken is Thing {}
