// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Calls in a loop that move no ether: a view summing balanceOf over the
// tokens the caller lists, and a batch of token calls the caller makes
// for itself. A token that reverts makes the caller's own transaction
// revert, and moves nobody's ether: no SWC-113.
contract TokenBatch {
    uint256 public batches;

    function totalBalance(address[] calldata tokens, address who) external view returns (uint256 total) {
        for (uint256 i = 0; i < tokens.length; i++) {
            (bool ok, bytes memory ret) = tokens[i].staticcall(abi.encodeWithSelector(0x70a08231, who));
            require(ok, "balanceOf failed");
            if (ret.length >= 32) total += abi.decode(ret, (uint256));
        }
    }

    function batch(address[] calldata tokens, address to, uint256 amount) external {
        for (uint256 i = 0; i < tokens.length; i++) {
            (bool ok, ) = tokens[i].call(abi.encodeWithSelector(0xa9059cbb, to, amount));
            require(ok, "transfer failed");
        }
        batches += 1;
    }
}
