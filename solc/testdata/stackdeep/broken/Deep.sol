// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Deep {
    struct S { uint a; string b; uint[] c; bytes d; address e; }
    function f(S calldata s, uint a, uint b, uint c, uint d, uint e, uint f2, uint g2, uint h, uint i, uint j) external pure returns (uint) { return s.a + a; }
    function h(bytes memory data) public pure returns (uint) {
        (uint a, uint b, uint c, string memory d, uint e, uint f2, bytes memory g2, uint h2, uint i, uint j, uint k, uint l) = abi.decode(data, (uint, uint, uint, string, uint, uint, bytes, uint, uint, uint, uint, uint));
        return a;
    }
}
