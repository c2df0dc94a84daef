// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// A name registry (solc 0.4) with no payable function and no payable
// fallback: it cannot receive ether, so nothing can be frozen in it.
contract NameRegistry {
    mapping(bytes32 => address) public ownerOf;

    function register(bytes32 name) public {
        require(ownerOf[name] == address(0));
        ownerOf[name] = msg.sender;
    }

    function release(bytes32 name) public {
        require(ownerOf[name] == msg.sender);
        delete ownerOf[name];
    }
}
