// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address who) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

// A sale that delivers tokens it must hold, like OpenZeppelin's
// crowdsales: the build deploys no token, so Foresight's stands in, and
// the deployment credits the sale a balance of it. Without one every
// purchase reverts in the transfer and the bug after it is out of reach.
contract TokenSale {
    IERC20 public immutable token;
    uint256 public sold;

    constructor(IERC20 token_) {
        token = token_;
    }

    function buy(uint256 amount) external {
        require(amount > 0 && amount < 10 ** 21);
        require(token.transfer(msg.sender, amount), "transfer");
        sold += amount;
        assert(sold < 3 * 10 ** 18); //@finding(assert-failure)
    }
}
