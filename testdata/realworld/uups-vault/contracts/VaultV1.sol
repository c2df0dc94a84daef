// SPDX-License-Identifier: MIT
pragma solidity ^0.8.22;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {ReentrancyGuardUpgradeable} from "@openzeppelin/contracts-upgradeable/utils/ReentrancyGuardUpgradeable.sol";

// An ether vault behind a UUPS proxy: the implementation disables its own
// initializers, the proxy is initialized with its owner, and only the
// owner upgrades. scripts/check-realworld plants a bug in withdraw (the
// balance is no longer debited).
contract VaultV1 is Initializable, OwnableUpgradeable, UUPSUpgradeable, ReentrancyGuardUpgradeable {
    mapping(address => uint256) public balanceOf;
    uint256 public cap;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    function initialize(address owner_, uint256 cap_) external initializer {
        __Ownable_init(owner_);
        __ReentrancyGuard_init();
        cap = cap_;
    }

    function setCap(uint256 cap_) external onlyOwner {
        cap = cap_;
    }

    function deposit() external payable {
        require(balanceOf[msg.sender] + msg.value <= cap, "over cap");
        balanceOf[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external nonReentrant {
        require(balanceOf[msg.sender] >= amount, "insufficient");
        balanceOf[msg.sender] -= amount;
        (bool ok,) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}
}
