// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A public library function that takes a storage reference is called with
// DELEGATECALL, but to the linked library address fixed at deployment.
library Counters {
    struct Counter {
        uint256 value;
    }

    function increment(Counter storage c) public returns (uint256) {
        c.value += 1;
        return c.value;
    }
}

contract TicketIssuer {
    using Counters for Counters.Counter;
    Counters.Counter private ids;
    mapping(uint256 => address) public holderOf;

    function issue() external returns (uint256 id) {
        id = ids.increment();
        holderOf[id] = msg.sender;
    }
}
