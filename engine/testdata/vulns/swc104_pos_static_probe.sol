// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The positive twin of swc104_neg_static_probe.sol: list() subscribes the
// registry to the feed with a call, a state change in the feed, and
// ignores its success flag. A feed that rejects the subscription (the
// reverting attacker, or any account run again as one) leaves the
// registry recording a subscription that never happened: SWC-104 at the
// call.
contract FeedRegistry {
    mapping(address => bool) public listed;
    mapping(address => bool) public subscribed;
    uint256 public count;

    function list(address feed) external {
        require(!listed[feed], "listed");
        listed[feed] = true;
        count += 1;
        (bool ok, ) = feed.call(abi.encodeWithSignature("subscribe(address)", address(this))); //@finding(SWC-104)
        ok; // ignored: the registry goes on as if subscribed
        subscribed[feed] = true;
    }
}
