// SPDX-License-Identifier: MIT
pragma solidity ^0.8.4;

import "erc721a/contracts/ERC721A.sol";

/// Collection is a paid-mint NFT collection on ERC721A, as a user of the
/// library writes one: anyone mints up to five at a fixed price, the owner
/// withdraws the proceeds.
contract Collection is ERC721A {
    uint256 public constant PRICE = 0.01 ether;
    uint256 public constant MAX_SUPPLY = 1000;
    uint256 public constant MAX_PER_MINT = 5;

    address public owner;

    error NotOwner();
    error WrongQuantity();
    error SoldOut();
    error WrongPrice();
    error PayoutFailed();

    constructor() ERC721A("Collection", "COL") {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    function mint(uint256 quantity) external payable {
        if (quantity == 0 || quantity > MAX_PER_MINT) revert WrongQuantity();
        if (_totalMinted() + quantity > MAX_SUPPLY) revert SoldOut();
        if (msg.value != PRICE * quantity) revert WrongPrice();
        _mint(msg.sender, quantity);
    }

    function withdraw(address payable to) external onlyOwner {
        (bool ok, ) = to.call{value: address(this).balance}("");
        if (!ok) revert PayoutFailed();
    }

    function transferOwnership(address newOwner) external onlyOwner {
        owner = newOwner;
    }
}
