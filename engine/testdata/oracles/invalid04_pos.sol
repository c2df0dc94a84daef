// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Oracle: solc before 0.8 compiles assert and its built-in checks alike to
// INVALID (0xfe). Only the INVALID of an assert(...) is an assert-failure;
// the others are the panic kinds 0.8 would revert with, opt-in like them
// (this directory is fuzzed with --oracles panics; with the default oracles
// only the assert-failure is reported).
// - allPairs(i) on the empty array, Uniswap v2's factory getter: panic-0x32
//   at the declaration (the compiler-made getter checks the index).
// - split(a, 0): division by zero, panic-0x12.
// - setFee(f) with f >= 2: conversion to an enum out of range, panic-0x21.
// - close(77): assert(false), an assert-failure.
contract Invalid04Pos {
    address[] public allPairs; //@finding(panic-0x32)

    enum Fee { Low, High }
    Fee public fee;
    uint256 public share;

    function split(uint256 amount, uint256 parts) public {
        share = amount / parts; //@finding(panic-0x12)
    }

    function setFee(uint256 f) public {
        fee = Fee(f); //@finding(panic-0x21)
    }

    function close(uint256 code) public pure {
        if (code == 77) {
            assert(false); //@finding(assert-failure)
        }
    }
}
