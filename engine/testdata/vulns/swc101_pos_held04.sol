// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

interface HeldToken04 {
    function balanceOf(address who) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

// A vault that pays out a share of the tokens it holds, the token named by
// the caller (as a vesting vault's release(ERC20Basic token)); the share
// is computed unchecked (solc 0.4) and wraps for a balance above 2**256/5.
// The build deploys no token, so every call used to revert at balanceOf;
// now Foresight's token holds a balance for the vault and is offered as
// the token argument (engine/fuzz/tokenheld.go).
contract HeldVault04 {
    mapping(address => uint256) public released;

    function release(HeldToken04 token) public {
        uint256 share = token.balanceOf(this) * 5 / 100; //@finding(SWC-101)
        require(share > 0);
        released[token] = share;
        require(token.transfer(msg.sender, share));
    }
}
