// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A token only its owner mints, and a sale that mints what it sells, like
// OpenZeppelin 1.x's MintableToken and MintedCrowdsale. The deployer
// deploys the token (and owns it) before the sale that takes it; the sale
// can mint only once the deployer hands it the token's ownership, as a
// deployment script does, so the bug after the mint is reachable only
// then.
contract OwnedMintableToken {
    address public owner = msg.sender;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    function transferOwnership(address next) external {
        require(msg.sender == owner, "owner");
        owner = next;
    }

    function mint(address to, uint256 value) external returns (bool) {
        require(msg.sender == owner, "owner");
        totalSupply += value;
        balanceOf[to] += value;
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract MintedSale {
    OwnedMintableToken public immutable token;
    uint256 public sold;

    constructor(OwnedMintableToken token_) {
        token = token_;
    }

    function buy(uint256 amount) external {
        require(amount > 0 && amount < 10 ** 21);
        require(token.mint(msg.sender, amount), "mint");
        sold += amount;
        assert(sold < 3 * 10 ** 18); //@finding(assert-failure)
    }
}
