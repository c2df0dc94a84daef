// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// swc105_pos_rounding_favours_caller.sol fixed: deposit() rounds the
// shares down, in the vault's favour, so no depositor redeems more than
// it paid (the wei below a share's price stay in the vault).
contract ShareVault {
    uint256 constant PRICE = 1 gwei;
    mapping(address => uint256) public shares;

    function deposit() external payable {
        shares[msg.sender] += msg.value / PRICE;
    }

    function redeem(uint256 n) external {
        require(shares[msg.sender] >= n, "shares");
        shares[msg.sender] -= n;
        (bool ok, ) = payable(msg.sender).call{value: n * PRICE}("");
        require(ok, "transfer");
    }
}
