// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An order book whose ids are 64-bit hashes (narrower than an address,
// so no untyped wide word): place returns the id, and every other
// function reverts UnknownOrder unless given one place returned. The
// assertion in fill fails on an order's second fill (values from earlier
// transactions, by ABI type: TestValuesFromEarlierCalls).
contract Orders {
    error UnknownOrder();

    struct Order {
        address maker;
        uint32 fills;
        bool open;
    }

    mapping(uint64 => Order) private orders;
    uint256 private nonce;

    modifier known(uint64 id) {
        if (orders[id].maker == address(0)) revert UnknownOrder();
        _;
    }

    function place() external returns (uint64 id) {
        id = uint64(bytes8(keccak256(abi.encode(msg.sender, nonce++))));
        orders[id] = Order(msg.sender, 0, true);
    }

    function fill(uint64 id) external known(id) {
        Order storage o = orders[id];
        require(o.open, "closed");
        o.fills++;
        assert(o.fills < 2);
    }

    function close(uint64 id) external known(id) {
        require(orders[id].maker == msg.sender, "not maker");
        orders[id].open = false;
    }
}
