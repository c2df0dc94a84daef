// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A registry of price feeds that probes each feed with staticcalls whose
// success flags it ignores on purpose: list() records whether the feed
// answered description() by the length of what came back (a feed that
// reverts, or an account without code, returns less and has none), and
// ping() touches a feed, its comment says the result does not matter. A
// STATICCALL changes no state anywhere, so an ignored failure cannot make
// the registry go on as if a payment or a change had happened: no SWC-104
// (issue 68). The twin whose call subscribes the registry to the feed, a
// state change, and ignores its flag is swc104_pos_static_probe.sol.
contract FeedRegistry {
    mapping(address => bool) public listed;
    mapping(address => bool) public described;
    uint256 public count;

    function list(address feed) external {
        require(!listed[feed], "listed");
        listed[feed] = true;
        count += 1;
        (bool ok, bytes memory data) = feed.staticcall(abi.encodeWithSignature("description()"));
        ok; // a view probe: only the answer's length matters
        described[feed] = data.length >= 64;
    }

    function ping(address feed) external view {
        // Ignored on purpose: a liveness probe that cannot change anything.
        feed.staticcall(abi.encodeWithSignature("latestAnswer()"));
    }
}
