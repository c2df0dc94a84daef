// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A share vault whose deposit() rounds the shares up: a deposit of 1 wei
// buys a whole share, redeemed for 1 gwei. A depositor that buys its
// shares a wei at a time redeems more than it paid, out of the other
// depositors' ether (or the 10 ether the vault started with).
contract ShareVault {
    uint256 constant PRICE = 1 gwei;
    mapping(address => uint256) public shares;

    function deposit() external payable {
        shares[msg.sender] += (msg.value + PRICE - 1) / PRICE;
    }

    function redeem(uint256 n) external {
        require(shares[msg.sender] >= n, "shares");
        shares[msg.sender] -= n;
        (bool ok, ) = payable(msg.sender).call{value: n * PRICE}(""); //@finding(SWC-105)
        require(ok, "transfer");
    }
}
