pragma solidity ^0.4.24;
contract Old { uint public n; function inc() public { n += 1; } }
