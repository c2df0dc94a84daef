// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {FixedPointMathLib} from "solmate/src/utils/FixedPointMathLib.sol";

contract Token is ERC20, Ownable {
    constructor() ERC20("Token", "TOK") Ownable(msg.sender) {}

    function mint(address to, uint256 wad) external onlyOwner {
        _mint(to, FixedPointMathLib.mulWadDown(wad, 2e18));
    }
}
