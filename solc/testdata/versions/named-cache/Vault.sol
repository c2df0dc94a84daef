pragma solidity >=0.4.22 <0.9.0;

import "./Math.sol";

contract Vault {
    function twice(uint x) public pure returns (uint) { return Math.add(x, x); }
}
