// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

// OpenZeppelin's ERC20 and ERC4626 are abstract: these are the thinnest
// concrete contracts over them, nothing overridden.
contract Asset is ERC20("Asset", "AST") {
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

contract Vault is ERC4626 {
    constructor(IERC20 asset) ERC20("Vault", "vAST") ERC4626(asset) {}
}
