pragma solidity >=0.4.11;

library Math {
    function add(uint a, uint b) internal pure returns (uint) { return a + b; }
}
