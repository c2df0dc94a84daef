// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A subscription coordinator, as an oracle network's: createSubscription
// returns a keccak-hashed id, and every other function reverts
// InvalidSubscription unless given an id it returned. The assertion in
// consume fails on a subscription's third request: reaching it takes the
// id createSubscription returned, passed back to fund and consume
// (values from earlier transactions, TestValuesFromEarlierCalls).
contract Coordinator {
    error InvalidSubscription();

    struct Subscription {
        address owner;
        uint96 balance;
        uint64 requests;
    }

    event SubscriptionCreated(uint256 indexed subId, address owner);

    mapping(uint256 => Subscription) private subs;
    uint256 private nonce;

    modifier valid(uint256 subId) {
        if (subs[subId].owner == address(0)) revert InvalidSubscription();
        _;
    }

    function createSubscription() external returns (uint256 subId) {
        subId = uint256(keccak256(abi.encodePacked(msg.sender, blockhash(block.number - 1), address(this), nonce++)));
        subs[subId].owner = msg.sender;
        emit SubscriptionCreated(subId, msg.sender);
    }

    function fund(uint256 subId, uint96 amount) external valid(subId) {
        subs[subId].balance += amount;
    }

    function consume(uint256 subId) external valid(subId) {
        Subscription storage s = subs[subId];
        require(s.balance > 0, "unfunded");
        s.requests++;
        s.balance -= 1;
        assert(s.requests < 3);
    }

    function cancel(uint256 subId) external valid(subId) {
        require(subs[subId].owner == msg.sender, "not owner");
        delete subs[subId];
    }
}
