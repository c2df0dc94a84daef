// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Two sales that deliver tokens: TokenSale transfers Foresight's token
// (the build has only the interface), MintedSale mints the build's own
// token, which it may only once the deployer hands it the ownership. The
// exported tests make the calls that fund them (the setup's grants).
interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address who) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

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
        assert(sold < 3 * 10 ** 18);
    }
}

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
        assert(sold < 3 * 10 ** 18);
    }
}
