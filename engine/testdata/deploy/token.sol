// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address who) external view returns (uint256);
    function decimals() external view returns (uint8);
    function transfer(address to, uint256 value) external returns (bool);
}

// Takes a token: the build deploys none, so Foresight's own token stands
// in. The constructor calls it, so an account without code (or a contract
// without these functions) cannot deploy it. The bug is only reachable
// once deployed.
contract Staking {
    IERC20 public immutable asset;
    uint8 public immutable decimals;
    uint256 public staked;

    constructor(IERC20 asset_) {
        require(asset_.totalSupply() > 0, "no supply");
        decimals = asset_.decimals();
        asset = asset_;
    }

    function stake(uint256 amount) external {
        staked += amount % 10 ** decimals;
        assert(staked != 3 * 10 ** decimals); //@finding(assert-failure)
    }
}
